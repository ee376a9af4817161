#include "CFaultInjection.h"

#include <pthread.h>
#include <sqlite3.h>
#include <string.h>

// A wrapper VFS in the shape of SQLite's own test_vfstrace.c: every sqlite3_file it opens is a
// FaultFile whose real (unix) file lives in the same allocation right after it; every method
// counts (where it is one of the fault kinds), possibly fails, and otherwise forwards.

typedef struct FaultFile {
    sqlite3_file base; // must come first: SQLite sees this
    sqlite3_file *real; // the wrapped file, stored right after this struct
} FaultFile;

enum { KIND_COUNT = 7 };

static struct {
    pthread_mutex_t mutex;
    long long counts[KIND_COUNT];
    long long injected;
    unsigned int armed_mask; // 0 when disarmed
    long long armed_n;
    long long armed_seen;
    int armed_code;
    bool armed_persistent;
} state = { .mutex = PTHREAD_MUTEX_INITIALIZER };

static sqlite3_vfs *real_vfs;

/// Counts one operation of `kind` and returns the error to inject, or SQLITE_OK.
static int fault_check(unsigned int kind, int ioerr_code) {
    int result = SQLITE_OK;
    pthread_mutex_lock(&state.mutex);
    for (int index = 0; index < KIND_COUNT; index++) {
        if (kind == (1u << index)) state.counts[index]++;
    }
    if (state.armed_mask & kind) {
        state.armed_seen++;
        if (state.armed_seen == state.armed_n || (state.armed_persistent && state.armed_seen > state.armed_n)) {
            state.injected++;
            result = state.armed_code == SQLITE_IOERR ? ioerr_code : state.armed_code;
        }
    }
    pthread_mutex_unlock(&state.mutex);
    return result;
}

static sqlite3_file *real_file(sqlite3_file *file) { return ((FaultFile *)file)->real; }

// MARK: File methods

static int fault_close(sqlite3_file *file) {
    sqlite3_file *real = real_file(file);
    int rc = real->pMethods ? real->pMethods->xClose(real) : SQLITE_OK;
    file->pMethods = NULL;
    return rc;
}

static int fault_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    int rc = fault_check(FAULT_VFS_READ, SQLITE_IOERR_READ);
    if (rc != SQLITE_OK) return rc;
    sqlite3_file *real = real_file(file);
    return real->pMethods->xRead(real, buffer, amount, offset);
}

static int fault_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    int rc = fault_check(FAULT_VFS_WRITE, SQLITE_IOERR_WRITE);
    if (rc != SQLITE_OK) return rc;
    sqlite3_file *real = real_file(file);
    return real->pMethods->xWrite(real, buffer, amount, offset);
}

static int fault_truncate(sqlite3_file *file, sqlite3_int64 size) {
    int rc = fault_check(FAULT_VFS_TRUNCATE, SQLITE_IOERR_TRUNCATE);
    if (rc != SQLITE_OK) return rc;
    sqlite3_file *real = real_file(file);
    return real->pMethods->xTruncate(real, size);
}

static int fault_sync(sqlite3_file *file, int flags) {
    int rc = fault_check(FAULT_VFS_SYNC, SQLITE_IOERR_FSYNC);
    if (rc != SQLITE_OK) return rc;
    sqlite3_file *real = real_file(file);
    return real->pMethods->xSync(real, flags);
}

static int fault_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    int rc = fault_check(FAULT_VFS_FILE_SIZE, SQLITE_IOERR_FSTAT);
    if (rc != SQLITE_OK) return rc;
    sqlite3_file *real = real_file(file);
    return real->pMethods->xFileSize(real, size);
}

static int fault_lock(sqlite3_file *file, int level) {
    int rc = fault_check(FAULT_VFS_LOCK, SQLITE_IOERR_LOCK);
    if (rc != SQLITE_OK) return rc;
    sqlite3_file *real = real_file(file);
    return real->pMethods->xLock(real, level);
}

// Unlocking is never failed: SQLite ignores most unlock results, and a lock left behind would
// only turn the next test step into SQLITE_BUSY rather than exercise error handling.
static int fault_unlock(sqlite3_file *file, int level) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xUnlock(real, level);
}

static int fault_check_reserved_lock(sqlite3_file *file, int *result) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xCheckReservedLock(real, result);
}

static int fault_file_control(sqlite3_file *file, int op, void *argument) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xFileControl(real, op, argument);
}

static int fault_sector_size(sqlite3_file *file) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xSectorSize(real);
}

static int fault_device_characteristics(sqlite3_file *file) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xDeviceCharacteristics(real);
}

static int fault_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **memory) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xShmMap(real, region, size, extend, memory);
}

static int fault_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    if (flags & SQLITE_SHM_LOCK) {
        int rc = fault_check(FAULT_VFS_SHM_LOCK, SQLITE_IOERR_SHMLOCK);
        if (rc != SQLITE_OK) return rc;
    }
    sqlite3_file *real = real_file(file);
    return real->pMethods->xShmLock(real, offset, count, flags);
}

static void fault_shm_barrier(sqlite3_file *file) {
    sqlite3_file *real = real_file(file);
    real->pMethods->xShmBarrier(real);
}

static int fault_shm_unmap(sqlite3_file *file, int delete_flag) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xShmUnmap(real, delete_flag);
}

// Memory-mapped reads would bypass xRead and so escape counting: hand out no mappings, which
// makes SQLite fall back to xRead (the documented behaviour when xFetch yields NULL).
static int fault_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    (void)file;
    (void)offset;
    (void)amount;
    *pointer = NULL;
    return SQLITE_OK;
}

static int fault_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    (void)file;
    (void)offset;
    (void)pointer;
    return SQLITE_OK;
}

#define FAULT_IO_METHODS_V1                                                                     \
    fault_close, fault_read, fault_write, fault_truncate, fault_sync, fault_file_size,          \
        fault_lock, fault_unlock, fault_check_reserved_lock, fault_file_control,                \
        fault_sector_size, fault_device_characteristics

// SQLite decides whether a file supports shared memory and mmap by iVersion, so the wrapper
// must present the same version as the file it wraps.
static const sqlite3_io_methods io_methods_v1 = { 1, FAULT_IO_METHODS_V1, NULL, NULL, NULL, NULL, NULL, NULL };
static const sqlite3_io_methods io_methods_v2 = {
    2, FAULT_IO_METHODS_V1, fault_shm_map, fault_shm_lock, fault_shm_barrier, fault_shm_unmap, NULL, NULL
};
static const sqlite3_io_methods io_methods_v3 = {
    3, FAULT_IO_METHODS_V1, fault_shm_map, fault_shm_lock, fault_shm_barrier, fault_shm_unmap,
    fault_fetch, fault_unfetch
};

// MARK: VFS methods

static int fault_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    FaultFile *wrapper = (FaultFile *)file;
    wrapper->real = (sqlite3_file *)&wrapper[1];
    wrapper->real->pMethods = NULL;
    int rc = real_vfs->xOpen(real_vfs, name, wrapper->real, flags, out_flags);
    // SQLite calls xClose whenever pMethods is set, even after a failed open, so wrap exactly
    // when the real file has methods.
    const sqlite3_io_methods *methods = wrapper->real->pMethods;
    if (methods == NULL) {
        file->pMethods = NULL;
    } else if (methods->iVersion >= 3) {
        file->pMethods = &io_methods_v3;
    } else if (methods->iVersion == 2) {
        file->pMethods = &io_methods_v2;
    } else {
        file->pMethods = &io_methods_v1;
    }
    return rc;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int sync_directory) {
    (void)vfs;
    return real_vfs->xDelete(real_vfs, name, sync_directory);
}

static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return real_vfs->xAccess(real_vfs, name, flags, result);
}

static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    (void)vfs;
    return real_vfs->xFullPathname(real_vfs, name, size, output);
}

static void *fault_dl_open(sqlite3_vfs *vfs, const char *path) {
    (void)vfs;
    return real_vfs->xDlOpen(real_vfs, path);
}

static void fault_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    real_vfs->xDlError(real_vfs, size, message);
}

static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return real_vfs->xDlSym(real_vfs, handle, symbol);
}

static void fault_dl_close(sqlite3_vfs *vfs, void *handle) {
    (void)vfs;
    real_vfs->xDlClose(real_vfs, handle);
}

static int fault_randomness(sqlite3_vfs *vfs, int size, char *output) {
    (void)vfs;
    return real_vfs->xRandomness(real_vfs, size, output);
}

static int fault_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return real_vfs->xSleep(real_vfs, microseconds);
}

static int fault_current_time(sqlite3_vfs *vfs, double *time) {
    (void)vfs;
    return real_vfs->xCurrentTime(real_vfs, time);
}

static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return real_vfs->xGetLastError ? real_vfs->xGetLastError(real_vfs, size, message) : 0;
}

static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *time) {
    (void)vfs;
    return real_vfs->xCurrentTimeInt64(real_vfs, time);
}

static sqlite3_vfs fault_vfs = {
    .iVersion = 2,
    .zName = FAULT_VFS_NAME,
    .xOpen = fault_open,
    .xDelete = fault_delete,
    .xAccess = fault_access,
    .xFullPathname = fault_full_pathname,
    .xDlOpen = fault_dl_open,
    .xDlError = fault_dl_error,
    .xDlSym = fault_dl_sym,
    .xDlClose = fault_dl_close,
    .xRandomness = fault_randomness,
    .xSleep = fault_sleep,
    .xCurrentTime = fault_current_time,
    .xGetLastError = fault_get_last_error,
    .xCurrentTimeInt64 = fault_current_time_int64,
};

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registration_result = SQLITE_ERROR;

static void register_once(void) {
    real_vfs = sqlite3_vfs_find(NULL);
    if (real_vfs == NULL || real_vfs->iVersion < 2) return;
    fault_vfs.szOsFile = (int)sizeof(FaultFile) + real_vfs->szOsFile;
    fault_vfs.mxPathname = real_vfs->mxPathname;
    registration_result = sqlite3_vfs_register(&fault_vfs, 0);
}

// MARK: Control

int fault_vfs_register(void) {
    pthread_once(&registration, register_once);
    return registration_result;
}

void fault_vfs_arm(unsigned int kind_mask, long long n, int error_code, bool persistent) {
    pthread_mutex_lock(&state.mutex);
    state.armed_mask = kind_mask;
    state.armed_n = n;
    state.armed_seen = 0;
    state.armed_code = error_code;
    state.armed_persistent = persistent;
    pthread_mutex_unlock(&state.mutex);
}

void fault_vfs_disarm(void) {
    pthread_mutex_lock(&state.mutex);
    state.armed_mask = 0;
    pthread_mutex_unlock(&state.mutex);
}

long long fault_vfs_operation_count(unsigned int kind_mask) {
    long long total = 0;
    pthread_mutex_lock(&state.mutex);
    for (int index = 0; index < KIND_COUNT; index++) {
        if (kind_mask & (1u << index)) total += state.counts[index];
    }
    pthread_mutex_unlock(&state.mutex);
    return total;
}

long long fault_vfs_injected_count(void) {
    pthread_mutex_lock(&state.mutex);
    long long injected = state.injected;
    pthread_mutex_unlock(&state.mutex);
    return injected;
}

void fault_vfs_reset_counts(void) {
    pthread_mutex_lock(&state.mutex);
    memset(state.counts, 0, sizeof state.counts);
    state.injected = 0;
    pthread_mutex_unlock(&state.mutex);
}
