import StateStore

/// The file a restorer and its writer use, shared between them: resolved once at the
/// restorer's init (a later `chdir` or a link changed since change nothing), with the device
/// and inode it had once it existed, and why saves are refused when the opening found a
/// reason (a dangling link, a link to a damaged or foreign file, a file moved since).
struct RestorerFile: Sendable {
    var file: DatabaseFile
    var refusal: StoreError?

    /// The path every connection opens.
    var path: String { file.path }

    /// Takes what `opening` of this file found: its refusal, and the file's identity once it
    /// exists (a launch that created it or replaced a damaged one: one `lstat`, on that launch
    /// only).
    mutating func note(_ opening: LaunchDatabase.Opening) {
        refusal = opening.refusal
        if opening.store != nil, file.identity == nil || opening.replacedFile { file.identity = DatabaseFile.identity(at: file.path) }
    }
}
