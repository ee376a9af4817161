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
        if opening.store != nil, file.identity == nil || opening.replacedFile { identify(as: DatabaseFile.identity(at: file.path)) }
    }

    /// Takes the identity the file has now that an opening created it (or replaced a damaged
    /// one), and carries this process's notes of the file (``ScenesInUse``,
    /// ``SignedOutAccounts``) over to it: noted by path while nothing existed there, they are
    /// found from then on by every restorer that reaches the file, by any path.
    mutating func identify(as identity: DatabaseFile.Identity?) {
        let old = file.key
        file.identity = identity
        ScenesInUse.move(from: old, to: file.key)
        SignedOutAccounts.move(from: old, to: file.key)
    }
}
