/// Identifies the owner of a control's input handler, so only that owner can remove it.
public struct ZoneEventToken: Hashable, Sendable {
    let rawValue: Int
}
