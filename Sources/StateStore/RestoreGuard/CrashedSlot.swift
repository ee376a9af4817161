/// The slot of a process that died while it held marks: the screens whose restore it was
/// applying when it stopped.
package struct CrashedSlot: Sendable {
    /// The slot's position in the file.
    package let index: Int
    /// The process that wrote it (for messages; liveness is told by its lock).
    package let pid: Int32
    /// The restores it started and never completed.
    package let marks: [LaunchGuardMark]
    /// The role of the process that wrote it (a rewrite of the slot keeps it).
    package let role: DatabaseRole
}
