/// When notes a ``NotesFeatureHost`` already loaded are still good enough to show on an
/// appearance without loading again. An appearance is a trigger, not a cache policy: the
/// policy lives with the model's owner, and a person's explicit refresh
/// (``NotesViewModel/reload()``) always loads.
public enum NotesFreshness: Sendable, Equatable {
    /// Notes loaded once stay valid while their model lives (for one identity, one session):
    /// an appearance loads only when no load was accepted yet, or the last one failed.
    case session
    /// Every appearance loads again.
    case everyAppearance
}
