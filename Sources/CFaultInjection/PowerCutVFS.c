#include "PowerCutVFS.h"

#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// A wrapper VFS like FaultVFS.c, whose database, WAL and journal files write into a per-file
// overlay (a `Node`, shared by every handle on the same inode) until xSync writes it back.
// Everything runs under one mutex: the tests are small and correctness is all that matters.

enum { SECTOR = 512 };

typedef struct Node {
    char *path;
    dev_t device;
    ino_t inode;
    int kind;       // POWER_CUT_FILE_*
    int references; // open handles
    bool detached;  // deleted, replaced or cut: never written back, freed with its last handle
    sqlite3_int64 size;          // what the OS reports: durable bytes, writes and truncations
    sqlite3_int64 durable_size;  // the real file's size
    sqlite3_int64 valid_durable; // real bytes at or past this were truncated away since the sync
    unsigned char **sectors;     // dirty sectors by index (NULL when clean)
    sqlite3_int64 capacity;      // entries in `sectors`
    sqlite3_int64 dirty;         // non-NULL entries
    struct Node *next;
} Node;

typedef struct CutFile {
    sqlite3_file base;   // must come first: SQLite sees this
    sqlite3_file *real;  // the wrapped file, stored right after this struct
    Node *node;          // NULL for files passed through (temporary files)
    unsigned generation; // the power-on period the file was opened in
} CutFile;

static struct {
    pthread_mutex_t mutex;
    Node *nodes;
    bool off;
    unsigned generation;
    long long mutations;
    long long syncs[3];
    long long armed_n; // 0 when disarmed
    long long armed_seen;
    int armed_mode;
    unsigned long long armed_seed;
    long long last_kept, last_dropped;
} state = { .mutex = PTHREAD_MUTEX_INITIALIZER };

static sqlite3_vfs *real_vfs;

// MARK: Nodes

static void node_free_sectors(Node *node) {
    for (sqlite3_int64 index = 0; index < node->capacity; index++) free(node->sectors[index]);
    free(node->sectors);
    node->sectors = NULL;
    node->capacity = 0;
    node->dirty = 0;
}

static void node_free(Node *node) {
    node_free_sectors(node);
    free(node->path);
    free(node);
}

/// Takes `node` off the list; it is freed now, or when its last handle closes.
static void node_detach(Node *node) {
    for (Node **link = &state.nodes; *link; link = &(*link)->next) {
        if (*link == node) {
            *link = node->next;
            break;
        }
    }
    node->next = NULL;
    node->detached = true;
    node_free_sectors(node);
    if (node->references == 0) node_free(node);
}

/// The sector buffer for `index`, created from the file's current content when clean.
static unsigned char *node_sector(Node *node, sqlite3_file *real, sqlite3_int64 index) {
    if (index >= node->capacity) {
        sqlite3_int64 capacity = node->capacity ? node->capacity : 64;
        while (capacity <= index) capacity *= 2;
        unsigned char **grown = realloc(node->sectors, (size_t)capacity * sizeof *grown);
        if (grown == NULL) return NULL;
        memset(grown + node->capacity, 0, (size_t)(capacity - node->capacity) * sizeof *grown);
        node->sectors = grown;
        node->capacity = capacity;
    }
    if (node->sectors[index] == NULL) {
        unsigned char *sector = calloc(1, SECTOR);
        if (sector == NULL) return NULL;
        sqlite3_int64 start = index * SECTOR;
        sqlite3_int64 valid = node->valid_durable < node->size ? node->valid_durable : node->size;
        if (start < valid) {
            int amount = (int)(valid - start < SECTOR ? valid - start : SECTOR);
            int rc = real->pMethods->xRead(real, sector, amount, start);
            if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) {
                free(sector);
                return NULL;
            }
        }
        node->sectors[index] = sector;
        node->dirty++;
    }
    return node->sectors[index];
}

static unsigned long long next_random(unsigned long long *seed) {
    unsigned long long z = (*seed += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/// Writes `node`'s overlay to the real file: all of it (`seed` NULL, a sync) or, for a torn
/// cut, each sector and the pending truncation with probability 1/2. Returns an SQLite code.
static int node_write_back(Node *node, unsigned long long *seed) {
    int descriptor = open(node->path, O_WRONLY | O_CLOEXEC);
    if (descriptor < 0) return SQLITE_OK; // removed or renamed behind SQLite's back: nothing to write
    struct stat info;
    int rc = SQLITE_OK;
    if (fstat(descriptor, &info) != 0 || info.st_dev != node->device || info.st_ino != node->inode) {
        close(descriptor);
        return SQLITE_OK; // another file now has this name
    }
    if (node->valid_durable < node->durable_size && (seed == NULL || (next_random(seed) & 1))) {
        if (ftruncate(descriptor, node->valid_durable) != 0) rc = SQLITE_IOERR_TRUNCATE;
    }
    for (sqlite3_int64 index = 0; index < node->capacity && rc == SQLITE_OK; index++) {
        unsigned char *sector = node->sectors[index];
        if (sector == NULL) continue;
        sqlite3_int64 start = index * SECTOR;
        sqlite3_int64 length = node->size - start < SECTOR ? node->size - start : SECTOR;
        bool keep = seed == NULL || (next_random(seed) & 1);
        if (seed != NULL) {
            if (keep) state.last_kept++;
            else state.last_dropped++;
        }
        if (!keep || length <= 0) continue;
        if (pwrite(descriptor, sector, (size_t)length, start) != length) rc = SQLITE_IOERR_WRITE;
    }
    if (seed == NULL && rc == SQLITE_OK && ftruncate(descriptor, node->size) != 0) rc = SQLITE_IOERR_TRUNCATE;
    close(descriptor);
    if (seed == NULL && rc == SQLITE_OK) {
        node_free_sectors(node);
        node->durable_size = node->size;
        node->valid_durable = node->size;
    }
    return rc;
}

/// Cuts the power: every overlay is dropped or torn onto the real files, every node detached.
static void cut_locked(int mode, unsigned long long seed) {
    if (state.off) return;
    state.off = true;
    state.armed_n = 0;
    state.last_kept = 0;
    state.last_dropped = 0;
    while (state.nodes) {
        Node *node = state.nodes;
        if (mode == POWER_CUT_TEAR) (void)node_write_back(node, &seed);
        else {
            for (sqlite3_int64 index = 0; index < node->capacity; index++) {
                if (node->sectors[index]) state.last_dropped++;
            }
        }
        node_detach(node);
    }
}

/// Counts one write, truncate or sync; true when it is the armed one (the power is then off).
static bool count_mutation_locked(void) {
    state.mutations++;
    if (state.armed_n > 0 && ++state.armed_seen == state.armed_n) {
        cut_locked(state.armed_mode, state.armed_seed);
        return true;
    }
    return false;
}

// MARK: File methods

static CutFile *cut_file(sqlite3_file *file) { return (CutFile *)file; }

/// Whether operations through `file` fail: the power is off, or it was opened before a cut.
static bool is_dead_locked(CutFile *file) { return state.off || file->generation != state.generation; }

static int cut_close(sqlite3_file *file) {
    CutFile *wrapper = cut_file(file);
    pthread_mutex_lock(&state.mutex);
    Node *node = wrapper->node;
    wrapper->node = NULL;
    if (node && --node->references == 0 && node->detached) node_free(node);
    pthread_mutex_unlock(&state.mutex);
    int rc = wrapper->real->pMethods ? wrapper->real->pMethods->xClose(wrapper->real) : SQLITE_OK;
    file->pMethods = NULL;
    return rc;
}

static int cut_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    CutFile *wrapper = cut_file(file);
    pthread_mutex_lock(&state.mutex);
    if (is_dead_locked(wrapper)) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_READ;
    }
    Node *node = wrapper->node;
    if (node == NULL) {
        pthread_mutex_unlock(&state.mutex);
        return wrapper->real->pMethods->xRead(wrapper->real, buffer, amount, offset);
    }
    memset(buffer, 0, (size_t)amount);
    sqlite3_int64 end = offset + amount;
    sqlite3_int64 available = node->size < end ? node->size : end; // logical end of this read
    sqlite3_int64 valid = node->valid_durable < node->durable_size ? node->valid_durable : node->durable_size;
    if (valid > available) valid = available;
    int rc = SQLITE_OK;
    if (valid > offset) {
        rc = wrapper->real->pMethods->xRead(wrapper->real, buffer, (int)(valid - offset), offset);
        if (rc == SQLITE_IOERR_SHORT_READ) rc = SQLITE_OK;
    }
    for (sqlite3_int64 index = offset / SECTOR; rc == SQLITE_OK && index * SECTOR < available; index++) {
        if (index >= node->capacity || node->sectors[index] == NULL) continue;
        sqlite3_int64 from = index * SECTOR > offset ? index * SECTOR : offset;
        sqlite3_int64 to = (index + 1) * SECTOR < available ? (index + 1) * SECTOR : available;
        memcpy((unsigned char *)buffer + (from - offset), node->sectors[index] + (from - index * SECTOR), (size_t)(to - from));
    }
    pthread_mutex_unlock(&state.mutex);
    if (rc != SQLITE_OK) return rc;
    if (available < end) {
        // Past the end: SQLite expects the rest zeroed (done above) and this code.
        return SQLITE_IOERR_SHORT_READ;
    }
    return SQLITE_OK;
}

static int cut_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    CutFile *wrapper = cut_file(file);
    pthread_mutex_lock(&state.mutex);
    if (is_dead_locked(wrapper)) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_WRITE;
    }
    Node *node = wrapper->node;
    if (node == NULL) {
        pthread_mutex_unlock(&state.mutex);
        return wrapper->real->pMethods->xWrite(wrapper->real, buffer, amount, offset);
    }
    if (count_mutation_locked()) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_WRITE;
    }
    int rc = SQLITE_OK;
    sqlite3_int64 end = offset + amount;
    for (sqlite3_int64 index = offset / SECTOR; index * SECTOR < end; index++) {
        unsigned char *sector = node_sector(node, wrapper->real, index);
        if (sector == NULL) {
            rc = SQLITE_IOERR_NOMEM;
            break;
        }
        sqlite3_int64 from = index * SECTOR > offset ? index * SECTOR : offset;
        sqlite3_int64 to = (index + 1) * SECTOR < end ? (index + 1) * SECTOR : end;
        memcpy(sector + (from - index * SECTOR), (const unsigned char *)buffer + (from - offset), (size_t)(to - from));
    }
    if (rc == SQLITE_OK && end > node->size) node->size = end;
    pthread_mutex_unlock(&state.mutex);
    return rc;
}

static int cut_truncate(sqlite3_file *file, sqlite3_int64 size) {
    CutFile *wrapper = cut_file(file);
    pthread_mutex_lock(&state.mutex);
    if (is_dead_locked(wrapper)) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_TRUNCATE;
    }
    Node *node = wrapper->node;
    if (node == NULL) {
        pthread_mutex_unlock(&state.mutex);
        return wrapper->real->pMethods->xTruncate(wrapper->real, size);
    }
    if (count_mutation_locked()) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_TRUNCATE;
    }
    if (size < node->size) {
        node->size = size;
        if (size < node->valid_durable) node->valid_durable = size;
        for (sqlite3_int64 index = size / SECTOR; index < node->capacity; index++) {
            unsigned char *sector = node->sectors[index];
            if (sector == NULL) continue;
            if (index * SECTOR >= size) {
                free(sector);
                node->sectors[index] = NULL;
                node->dirty--;
            } else {
                // Bytes past the new end read as zeros if the file grows again.
                memset(sector + (size - index * SECTOR), 0, (size_t)((index + 1) * SECTOR - size));
            }
        }
    }
    pthread_mutex_unlock(&state.mutex);
    return SQLITE_OK;
}

static int cut_sync(sqlite3_file *file, int flags) {
    (void)flags;
    CutFile *wrapper = cut_file(file);
    pthread_mutex_lock(&state.mutex);
    if (is_dead_locked(wrapper)) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_FSYNC;
    }
    Node *node = wrapper->node;
    if (node == NULL) {
        // Nothing of a temporary file survives a power loss anyway.
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_OK;
    }
    if (count_mutation_locked()) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_FSYNC;
    }
    int rc = node->detached ? SQLITE_OK : node_write_back(node, NULL);
    if (rc == SQLITE_OK) {
        for (int bit = 0; bit < 3; bit++) {
            if (node->kind == (1 << bit)) state.syncs[bit]++;
        }
    }
    pthread_mutex_unlock(&state.mutex);
    return rc;
}

static int cut_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    CutFile *wrapper = cut_file(file);
    pthread_mutex_lock(&state.mutex);
    if (is_dead_locked(wrapper)) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_FSTAT;
    }
    if (wrapper->node) {
        *size = wrapper->node->size;
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_OK;
    }
    pthread_mutex_unlock(&state.mutex);
    return wrapper->real->pMethods->xFileSize(wrapper->real, size);
}

// Locks and shared memory live in the process and vanish with it: passed through, even after
// a cut, so closing a dead connection can release them.
static int cut_lock(sqlite3_file *file, int level) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xLock(real, level);
}

static int cut_unlock(sqlite3_file *file, int level) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xUnlock(real, level);
}

static int cut_check_reserved_lock(sqlite3_file *file, int *result) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xCheckReservedLock(real, result);
}

static int cut_file_control(sqlite3_file *file, int op, void *argument) {
    CutFile *wrapper = cut_file(file);
    // Size hints would grow the real file behind the cache; they are only hints.
    if (wrapper->node && (op == SQLITE_FCNTL_SIZE_HINT || op == SQLITE_FCNTL_CHUNK_SIZE)) return SQLITE_OK;
    return wrapper->real->pMethods->xFileControl(wrapper->real, op, argument);
}

static int cut_sector_size(sqlite3_file *file) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xSectorSize(real);
}

static int cut_device_characteristics(sqlite3_file *file) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xDeviceCharacteristics(real);
}

static int cut_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **memory) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xShmMap(real, region, size, extend, memory);
}

static int cut_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xShmLock(real, offset, count, flags);
}

static void cut_shm_barrier(sqlite3_file *file) {
    sqlite3_file *real = cut_file(file)->real;
    real->pMethods->xShmBarrier(real);
}

static int cut_shm_unmap(sqlite3_file *file, int delete_flag) {
    sqlite3_file *real = cut_file(file)->real;
    return real->pMethods->xShmUnmap(real, delete_flag);
}

// Memory-mapped reads would see the real file without the cache: hand out no mappings.
static int cut_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    (void)file;
    (void)offset;
    (void)amount;
    *pointer = NULL;
    return SQLITE_OK;
}

static int cut_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    (void)file;
    (void)offset;
    (void)pointer;
    return SQLITE_OK;
}

#define CUT_IO_METHODS_V1                                                                 \
    cut_close, cut_read, cut_write, cut_truncate, cut_sync, cut_file_size, cut_lock,      \
        cut_unlock, cut_check_reserved_lock, cut_file_control, cut_sector_size,           \
        cut_device_characteristics

static const sqlite3_io_methods io_methods_v1 = { 1, CUT_IO_METHODS_V1, NULL, NULL, NULL, NULL, NULL, NULL };
static const sqlite3_io_methods io_methods_v2 = {
    2, CUT_IO_METHODS_V1, cut_shm_map, cut_shm_lock, cut_shm_barrier, cut_shm_unmap, NULL, NULL
};
static const sqlite3_io_methods io_methods_v3 = {
    3, CUT_IO_METHODS_V1, cut_shm_map, cut_shm_lock, cut_shm_barrier, cut_shm_unmap, cut_fetch, cut_unfetch
};

// MARK: VFS methods

static int kind_for_flags(int flags) {
    if (flags & SQLITE_OPEN_MAIN_DB) return POWER_CUT_FILE_DATABASE;
    if (flags & SQLITE_OPEN_WAL) return POWER_CUT_FILE_WAL;
    if (flags & (SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_SUPER_JOURNAL)) return POWER_CUT_FILE_JOURNAL;
    return 0;
}

/// The live node for the file at `path`, created from its current size when there is none.
static Node *node_for_locked(const char *path, int kind) {
    struct stat info;
    if (stat(path, &info) != 0) return NULL;
    for (Node *node = state.nodes; node; node = node->next) {
        if (strcmp(node->path, path) != 0) continue;
        if (node->device == info.st_dev && node->inode == info.st_ino) return node;
        // The name now belongs to another file (removed or renamed outside SQLite).
        node_detach(node);
        break;
    }
    Node *node = calloc(1, sizeof *node);
    if (node == NULL) return NULL;
    node->path = strdup(path);
    if (node->path == NULL) {
        free(node);
        return NULL;
    }
    node->device = info.st_dev;
    node->inode = info.st_ino;
    node->kind = kind;
    node->size = node->durable_size = node->valid_durable = info.st_size;
    node->next = state.nodes;
    state.nodes = node;
    return node;
}

static int cut_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    CutFile *wrapper = (CutFile *)file;
    wrapper->real = (sqlite3_file *)&wrapper[1];
    wrapper->real->pMethods = NULL;
    wrapper->node = NULL;
    file->pMethods = NULL;
    pthread_mutex_lock(&state.mutex);
    bool off = state.off;
    wrapper->generation = state.generation;
    pthread_mutex_unlock(&state.mutex);
    if (off) return SQLITE_IOERR;
    int rc = real_vfs->xOpen(real_vfs, name, wrapper->real, flags, out_flags);
    const sqlite3_io_methods *methods = wrapper->real->pMethods;
    if (methods == NULL) return rc;
    file->pMethods = methods->iVersion >= 3 ? &io_methods_v3 : methods->iVersion == 2 ? &io_methods_v2 : &io_methods_v1;
    int kind = kind_for_flags(flags);
    if (rc == SQLITE_OK && name != NULL && kind != 0 && !(flags & SQLITE_OPEN_DELETEONCLOSE)) {
        pthread_mutex_lock(&state.mutex);
        Node *node = node_for_locked(name, kind);
        if (node) node->references++;
        wrapper->node = node;
        pthread_mutex_unlock(&state.mutex);
        if (node == NULL) return SQLITE_IOERR_NOMEM; // SQLite closes the file, as after any failed open
    }
    return rc;
}

static int cut_delete(sqlite3_vfs *vfs, const char *name, int sync_directory) {
    (void)vfs;
    pthread_mutex_lock(&state.mutex);
    if (state.off) {
        pthread_mutex_unlock(&state.mutex);
        return SQLITE_IOERR_DELETE;
    }
    for (Node *node = state.nodes; node; node = node->next) {
        if (strcmp(node->path, name) == 0) {
            node_detach(node);
            break;
        }
    }
    pthread_mutex_unlock(&state.mutex);
    return real_vfs->xDelete(real_vfs, name, sync_directory);
}

static int cut_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return real_vfs->xAccess(real_vfs, name, flags, result);
}

static int cut_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    (void)vfs;
    return real_vfs->xFullPathname(real_vfs, name, size, output);
}

static void *cut_dl_open(sqlite3_vfs *vfs, const char *path) {
    (void)vfs;
    return real_vfs->xDlOpen(real_vfs, path);
}

static void cut_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    real_vfs->xDlError(real_vfs, size, message);
}

static void (*cut_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return real_vfs->xDlSym(real_vfs, handle, symbol);
}

static void cut_dl_close(sqlite3_vfs *vfs, void *handle) {
    (void)vfs;
    real_vfs->xDlClose(real_vfs, handle);
}

static int cut_randomness(sqlite3_vfs *vfs, int size, char *output) {
    (void)vfs;
    return real_vfs->xRandomness(real_vfs, size, output);
}

static int cut_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return real_vfs->xSleep(real_vfs, microseconds);
}

static int cut_current_time(sqlite3_vfs *vfs, double *time) {
    (void)vfs;
    return real_vfs->xCurrentTime(real_vfs, time);
}

static int cut_get_last_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return real_vfs->xGetLastError ? real_vfs->xGetLastError(real_vfs, size, message) : 0;
}

static int cut_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *time) {
    (void)vfs;
    return real_vfs->xCurrentTimeInt64(real_vfs, time);
}

static sqlite3_vfs cut_vfs = {
    .iVersion = 2,
    .zName = POWER_CUT_VFS_NAME,
    .xOpen = cut_open,
    .xDelete = cut_delete,
    .xAccess = cut_access,
    .xFullPathname = cut_full_pathname,
    .xDlOpen = cut_dl_open,
    .xDlError = cut_dl_error,
    .xDlSym = cut_dl_sym,
    .xDlClose = cut_dl_close,
    .xRandomness = cut_randomness,
    .xSleep = cut_sleep,
    .xCurrentTime = cut_current_time,
    .xGetLastError = cut_get_last_error,
    .xCurrentTimeInt64 = cut_current_time_int64,
};

static pthread_once_t registration = PTHREAD_ONCE_INIT;
static int registration_result = SQLITE_ERROR;

static void register_once(void) {
    real_vfs = sqlite3_vfs_find(NULL);
    if (real_vfs == NULL || real_vfs->iVersion < 2) return;
    cut_vfs.szOsFile = (int)sizeof(CutFile) + real_vfs->szOsFile;
    cut_vfs.mxPathname = real_vfs->mxPathname;
    registration_result = sqlite3_vfs_register(&cut_vfs, 0);
}

// MARK: Control

int power_cut_vfs_register(void) {
    pthread_once(&registration, register_once);
    return registration_result;
}

void power_cut_vfs_arm(long long n, int mode, unsigned long long seed) {
    pthread_mutex_lock(&state.mutex);
    state.armed_n = n > 0 ? n : 0;
    state.armed_seen = 0;
    state.armed_mode = mode;
    state.armed_seed = seed;
    pthread_mutex_unlock(&state.mutex);
}

void power_cut_vfs_cut_now(int mode, unsigned long long seed) {
    pthread_mutex_lock(&state.mutex);
    cut_locked(mode, seed);
    pthread_mutex_unlock(&state.mutex);
}

bool power_cut_vfs_is_off(void) {
    pthread_mutex_lock(&state.mutex);
    bool off = state.off;
    pthread_mutex_unlock(&state.mutex);
    return off;
}

void power_cut_vfs_restore(void) {
    pthread_mutex_lock(&state.mutex);
    if (state.off) {
        state.off = false;
        state.generation++;
    }
    pthread_mutex_unlock(&state.mutex);
}

long long power_cut_vfs_mutation_count(void) {
    pthread_mutex_lock(&state.mutex);
    long long count = state.mutations;
    pthread_mutex_unlock(&state.mutex);
    return count;
}

long long power_cut_vfs_sync_count(unsigned int file_mask) {
    long long total = 0;
    pthread_mutex_lock(&state.mutex);
    for (int bit = 0; bit < 3; bit++) {
        if (file_mask & (1u << bit)) total += state.syncs[bit];
    }
    pthread_mutex_unlock(&state.mutex);
    return total;
}

void power_cut_vfs_reset_counts(void) {
    pthread_mutex_lock(&state.mutex);
    state.mutations = 0;
    memset(state.syncs, 0, sizeof state.syncs);
    pthread_mutex_unlock(&state.mutex);
}

long long power_cut_vfs_unsynced_bytes(void) {
    long long total = 0;
    pthread_mutex_lock(&state.mutex);
    for (Node *node = state.nodes; node; node = node->next) total += node->dirty * SECTOR;
    pthread_mutex_unlock(&state.mutex);
    return total;
}

void power_cut_vfs_last_cut(long long *kept, long long *dropped) {
    pthread_mutex_lock(&state.mutex);
    *kept = state.last_kept;
    *dropped = state.last_dropped;
    pthread_mutex_unlock(&state.mutex);
}
