import StateStore

/// The accounts this process signed out, per database file, with the sign-out generation the
/// purge advanced them to: every restorer of the process fences a save of any scene of such an
/// account, restored or not, until a restore in this process reads the account again (signing
/// back in is a restore). Without it, a screen this process never restored captured the
/// account's new generation at its first save and wrote the account back right after the
/// sign-out. Other processes keep the documented rule: a screen restored before the sign-out
/// is fenced, one first seen after it is not.
enum SignedOutAccounts {
    /// A list per file: a process signs out one account at a time, rarely more.
    private static let accounts = Locked<[String: [(account: String, generation: Int)]]>([:])

    /// Notes that this process signed `account` out of `file`, its generation now `generation`.
    static func note(_ account: String, generation: Int, at file: DatabaseFile) {
        let path = file.path
        accounts.withLock { byPath in
            var signedOut = byPath[path, default: []].filter { $0.account != account }
            signedOut.append((account, generation))
            byPath[path] = signedOut
        }
    }

    /// The fence a save of `account`'s screen that never captured one takes: the generation
    /// before this process's sign-out, so the purge's refuses it; nil when this process has not
    /// signed the account out (or has restored it since).
    static func fence(for account: String, at file: DatabaseFile) -> Int? {
        accounts.withLock { byPath in
            guard let signedOut = byPath[file.path], !signedOut.isEmpty else { return nil }
            return signedOut.first { $0.account == account }.map { $0.generation - 1 }
        }
    }

    /// A restore in this process read `account` again: its scenes save as before.
    static func forget(_ account: String, at file: DatabaseFile) {
        let path = file.path
        accounts.withLock { byPath in
            guard let signedOut = byPath[path], signedOut.contains(where: { $0.account == account }) else { return }
            byPath[path] = signedOut.filter { $0.account != account }
        }
    }

    /// Carries the accounts of `old` over to `new`, where the file was moved.
    static func move(from old: String, to new: String) {
        accounts.withLock { byPath in
            guard let moved = byPath.removeValue(forKey: old) else { return }
            byPath[new, default: []] += moved
        }
    }
}
