#ifndef CFAULTINJECTION_H
#define CFAULTINJECTION_H

/// A test-only SQLite VFS named "faulty" that wraps the default (unix) VFS and can fail the Nth
/// read, write, sync or lock of every file opened through it (database, -wal, -journal, temp).
///
/// Only connections opened with this VFS name are counted or failed, so tests that use it must be
/// serialized with each other but not with the rest of the suite. All state is behind a mutex.
///
/// This header deliberately does not include <sqlite3.h>: error codes are plain ints (pass
/// SQLITE_IOERR or SQLITE_FULL), so Swift code does not need a second module over sqlite3.h.

#include <stdbool.h>

/// The name the VFS is registered under.
#define FAULT_VFS_NAME "faulty"

/// Kinds of file operation, combined into masks.
enum {
    FAULT_VFS_READ = 1 << 0,      ///< xRead
    FAULT_VFS_WRITE = 1 << 1,     ///< xWrite
    FAULT_VFS_SYNC = 1 << 2,      ///< xSync
    FAULT_VFS_LOCK = 1 << 3,      ///< xLock (acquiring a file lock; unlocking is never failed)
    FAULT_VFS_SHM_LOCK = 1 << 4,  ///< xShmLock acquiring a WAL-index lock (WAL's locking)
    FAULT_VFS_TRUNCATE = 1 << 5,  ///< xTruncate
    FAULT_VFS_FILE_SIZE = 1 << 6, ///< xFileSize
    FAULT_VFS_ALL = (1 << 7) - 1
};

/// Registers the VFS (not as the default). Idempotent and thread-safe; returns an SQLite code.
int fault_vfs_register(void);

/// Fails the `n`th (1-based) operation whose kind is in `kind_mask`, counted from this call, and
/// with `persistent` every matching operation after it too.
///
/// `error_code` SQLITE_IOERR becomes the extended code for the kind (SQLITE_IOERR_READ,
/// _WRITE, _FSYNC, _LOCK, _SHMLOCK, _TRUNCATE, _FSTAT); any other code is returned as is.
/// A failed operation does nothing to the real file.
void fault_vfs_arm(unsigned int kind_mask, long long n, int error_code, bool persistent);

/// Stops failing operations (counting continues).
void fault_vfs_disarm(void);

/// Operations whose kind is in `kind_mask` since the last reset, failed ones included.
long long fault_vfs_operation_count(unsigned int kind_mask);

/// Operations failed since the last reset.
long long fault_vfs_injected_count(void);

/// Zeroes the operation and injected-fault counts.
void fault_vfs_reset_counts(void);

#include "PowerCutVFS.h"

#endif
