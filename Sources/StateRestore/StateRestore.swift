import StateStore
import ScreenModels
public enum StateRestorePlaceholder {}
