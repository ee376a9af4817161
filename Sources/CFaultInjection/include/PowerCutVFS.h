#ifndef POWER_CUT_VFS_H
#define POWER_CUT_VFS_H

/// A test-only SQLite VFS named "powercut" that wraps the default (unix) VFS with a write-back
/// cache, so a test can cut the power and see only what reached stable storage.
///
/// - Every write to a database, WAL or rollback journal goes to an in-memory overlay of that
///   file, shared by every connection that opens the same file (like the OS page cache). Reads
///   see the overlay on top of the real file.
/// - A successful xSync writes the file's overlay (its dirty 512-byte sectors and any pending
///   truncation) to the real file. The real fsync is skipped: the real file *is* the disk here.
/// - A power cut (at the Nth write/truncate/sync, or now) discards every overlay, or tears it:
///   each dirty sector, and a pending truncation, reaches the real file or not, at random from a
///   seed. From then on every operation through a handle opened before the cut fails with an
///   I/O error, so closing those connections changes nothing; `power_cut_vfs_restore()` lets new
///   connections open again. The files can then be reopened with the real default VFS.
///
/// Simplifications: creating, deleting and renaming files is durable at once (the directory is
/// not cached); temporary files SQLite opens without a name are passed through.
///
/// State is global to the process and behind a mutex; only connections opened with this VFS
/// name are affected, so tests that use it must be serialized with each other only.

#include <stdbool.h>

/// The name the VFS is registered under.
#define POWER_CUT_VFS_NAME "powercut"

/// Kinds of file the cache holds, combined into masks.
enum {
    POWER_CUT_FILE_DATABASE = 1 << 0, ///< the main database file
    POWER_CUT_FILE_WAL = 1 << 1,      ///< its write-ahead log
    POWER_CUT_FILE_JOURNAL = 1 << 2,  ///< a rollback (or super-) journal
    POWER_CUT_FILE_ALL = (1 << 3) - 1
};

/// How a cut treats the writes since each file's last sync.
enum {
    /// None of them reach the real file.
    POWER_CUT_DISCARD = 0,
    /// Each dirty 512-byte sector, and a pending truncation, reaches the real file with
    /// probability 1/2, decided by the seed.
    POWER_CUT_TEAR = 1
};

/// Registers the VFS (not as the default). Idempotent and thread-safe; returns an SQLite code.
int power_cut_vfs_register(void);

/// Cuts the power at the `n`th (1-based) write, truncate or sync of a cached file counted
/// from this call; that operation fails and does nothing. `n` = 0 disarms.
void power_cut_vfs_arm(long long n, int mode, unsigned long long seed);

/// Cuts the power now (disarming any armed cut). Does nothing when the power is already off.
void power_cut_vfs_cut_now(int mode, unsigned long long seed);

/// Whether the power is off (a cut happened and `power_cut_vfs_restore()` was not called).
bool power_cut_vfs_is_off(void);

/// Turns the power back on for files opened from now on; handles opened before the cut keep
/// failing. Call it after closing every connection opened before the cut.
void power_cut_vfs_restore(void);

/// Writes, truncates and syncs of cached files since the last reset.
long long power_cut_vfs_mutation_count(void);

/// Successful syncs of cached files whose kind is in `file_mask` since the last reset.
long long power_cut_vfs_sync_count(unsigned int file_mask);

/// Zeroes the mutation and sync counts.
void power_cut_vfs_reset_counts(void);

/// Bytes in dirty sectors not yet synced, over every cached file.
long long power_cut_vfs_unsynced_bytes(void);

/// Sectors the last cut wrote to the real files (`kept`) and threw away (`dropped`).
void power_cut_vfs_last_cut(long long *kept, long long *dropped);

#endif
