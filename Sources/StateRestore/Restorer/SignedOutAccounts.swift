import Foundation
import StateStore

/// The accounts this process signed out, per database file (by device and inode and opened path, ``FileKey``), with the sign-out generation the
/// purge advanced them to: every restorer of the process fences a save of any scene of such an
/// account, restored or not, until a restore in this process reads the account again (signing
/// back in is a restore). Without it, a screen this process never restored captured the
/// account's new generation at its first save and wrote the account back right after the
/// sign-out. Other processes keep the documented rule: a screen restored before the sign-out
/// is fenced, one first seen after it is not.
enum SignedOutAccounts {
    /// Guards `accounts`.
    private static let accountsLock = NSLock()
    /// One list for every file (a process signs out one account at a time, rarely more), not a
    /// dictionary by file: see ``ScreenTable``.
    /// Reached only under `accountsLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var accounts: [SignedOut] = []

    /// One account signed out of one file, and its generation since (a struct, not a tuple:
    /// see `ScreenTable`).
    private struct SignedOut {
        var file: FileKey
        let account: String
        let generation: Int
    }

    /// Notes that this process signed `account` out of `file`, its generation now `generation`.
    static func note(_ account: String, generation: Int, at file: DatabaseFile) {
        let key = file.key
        accountsLock.withLock {
            accounts.removeAll { $0.file == key && $0.account.hasSameBytes(as: account) }
            accounts.append(SignedOut(file: key, account: account, generation: generation))
        }
    }

    /// The fence a save of `account`'s screen that never captured one takes: the generation
    /// before this process's sign-out, so the purge's refuses it; nil when this process has not
    /// signed the account out (or has restored it since).
    static func fence(for account: String, at file: DatabaseFile) -> Int? {
        accountsLock.withLock {
            guard !accounts.isEmpty else { return nil }
            let key = file.key
            return accounts.first { $0.file == key && $0.account.hasSameBytes(as: account) }.map { $0.generation - 1 }
        }
    }

    /// A restore in this process read `account` again: its scenes save as before.
    static func forget(_ account: String, atFile key: FileKey) {
        accountsLock.withLock {
            guard !accounts.isEmpty else { return }
            accounts.removeAll { $0.file == key && $0.account.hasSameBytes(as: account) }
        }
    }

    /// Carries the accounts of `old` over to `new`, a file that has just come into being:
    /// where the file was moved, or the identity a file noted by path got when it was created
    /// (or replaced, damaged). What was noted under `new` before is dropped: it was of an
    /// earlier file, deleted since, whose inode number the new one reuses.
    static func move(from old: FileKey, to new: FileKey) {
        guard old != new else { return }
        accountsLock.withLock {
            accounts.removeAll { $0.file == new }
            for index in accounts.indices where accounts[index].file == old { accounts[index].file = new }
        }
    }
}
