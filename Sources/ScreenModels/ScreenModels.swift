public enum ScreenModelsPlaceholder {}
