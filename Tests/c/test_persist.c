/*
** test_persist.c -- persistent services, from include/sdui.h's "Persistence"
** section: the file storage (a round trip across two engines, a corrupt
** file, a save that cannot write its temporary file), what the folder may
** hold that is not to be trusted (links, FIFOs, devices, huge files, a
** planted temporary file), the lock that keeps a second engine out of a
** folder, the host's callback storage, and the errors of the three calls.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

#define S(text) text, strlen(text)

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* favorites/toggle "key": sets favorites[key] to true. */
static int toggle(sdui_call *call, void *userdata)
{
    (void)userdata;
    const char *key = sdui_call_string(call, SDUI_INPUT, NULL);
    if (key == NULL)
        return SDUI_EINVAL;
    return sdui_call_set(call, key, S("true"));
}

/* favorites/fail: changes the state, then fails: the dispatch rolls back. */
static int failing(sdui_call *call, void *userdata)
{
    (void)userdata;
    sdui_call_set(call, "doomed", S("true"));
    return SDUI_ECALLBACK;
}

/* A new engine with the service favorites ({}) and its two handlers. */
static sdui_engine *new_engine(void)
{
    sdui_engine *e = sdui_engine_new();
    check_engine(e);
    CHECK_STATUS(sdui_register_service(e, "favorites", S("{}")), SDUI_OK);
    CHECK_STATUS(sdui_register_service(e, "log", S("[]")), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "favorites/toggle", toggle, NULL, NULL), SDUI_OK);
    CHECK_STATUS(sdui_register_action(e, "favorites/fail", failing, NULL, NULL), SDUI_OK);
    return e;
}

/* The state of favorites as JSON (the caller frees it). */
static char *favorites(sdui_engine *e)
{
    char *out = NULL;
    CHECK_STATUS(sdui_state_json(e, "favorites", NULL, &out, NULL), SDUI_OK);
    return out;
}

static void check_favorites(sdui_engine *e, const char *want)
{
    char *got = favorites(e);
    CHECK_STR_EQ(got, want);
    sdui_free(got);
}

/* The whole file at `path` (the caller frees it), or NULL when it cannot be read. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *text = calloc(1, 65536);
    if (text != NULL)
        fread(text, 1, 65535, f);
    fclose(f);
    return text;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (CHECK(f != NULL)) {
        fputs(text, f);
        fclose(f);
    }
}

static char root[64];
static char dir[128], file[160];

/* How many files of `folder` end in ".tmp". */
static int temporaries(const char *folder)
{
    DIR *d = opendir(folder);
    if (d == NULL)
        return -1;
    int n = 0;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        size_t len = strlen(entry->d_name);
        n += len > 4 && strcmp(entry->d_name + len - 4, ".tmp") == 0;
    }
    closedir(d);
    return n;
}

static void test_files_round_trip(void)
{
    snprintf(dir, sizeof dir, "%s/state/sdui", root);
    snprintf(file, sizeof file, "%s/favorites.json", dir);

    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK); /* created with its parent */
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    CHECK(access(file, F_OK) != 0); /* declaring saves nothing */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"603\"}")), SDUI_OK);
    char *text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    free(text);
    CHECK_EQ_INT(temporaries(dir), 0);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 1);
    /* A rolled-back dispatch saves nothing. */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/fail\"}")), SDUI_ECALLBACK);
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 1);
    text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    free(text);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"42\"}")), SDUI_OK);
    sdui_engine_free(e);

    /* A second engine, the service declared before the storage is chosen. */
    e = new_engine();
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    check_favorites(e, "{\"603\":true,\"42\":true}");
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_EQ(diagnostics, "[]");
    sdui_free(diagnostics);
    sdui_engine_free(e);
}

static void test_crash_safety(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    /* The temporary file cannot be written whole: files may not grow past 16 bytes. */
    struct rlimit was, small = {16, 16};
    CHECK(getrlimit(RLIMIT_FSIZE, &was) == 0);
    small.rlim_max = was.rlim_max;
    signal(SIGXFSZ, SIG_IGN);
    CHECK(setrlimit(RLIMIT_FSIZE, &small) == 0);
    int status = sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"7\"}"));
    CHECK(setrlimit(RLIMIT_FSIZE, &was) == 0);
    CHECK_STATUS(status, SDUI_OK);
    check_favorites(e, "{\"603\":true,\"42\":true,\"7\":true}"); /* the dispatch stands */
    char *text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true,\"42\":true}}");
    free(text);
    CHECK_EQ_INT(temporaries(dir), 0); /* the failed save removed its temporary file */
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 0);
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    char want[512];
    snprintf(want, sizeof want,
             "{\"severity\":\"error\",\"code\":\"persist-failed\",\"message\":"
             "\"service \\\"favorites\\\": state not saved (cannot write %s/favorites.json.%d.",
             dir, (int)getpid());
    CHECK_STR_CONTAINS(diagnostics, want);
    CHECK_STR_CONTAINS(diagnostics, ".tmp: File too large); the last saved one stays\"}");
    sdui_free(diagnostics);
    /* Once it can, the next save writes the whole state. */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"8\"}")), SDUI_OK);
    text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true,\"42\":true,\"7\":true,"
                       "\"8\":true}}");
    free(text);
    sdui_engine_free(e);
}

static void test_corrupt_file(void)
{
    spit(file, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":tr");
    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "{\"severity\":\"error\",\"code\":\"persist-rejected\",\"message\":"
                                    "\"service \\\"favorites\\\": saved state not used (not JSON: 1:");
    sdui_free(diagnostics);
    /* Nothing else is lost: the engine works, and the next save mends the file. */
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"1\"}")), SDUI_OK);
    char *text = slurp(file);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"1\":true}}");
    free(text);
    sdui_engine_free(e);

    /* Another service's file. */
    spit(file, "{\"sdui\":1,\"service\":\"log\",\"state\":{\"2\":true}}");
    e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "saved for service \\\"log\\\", not \\\"favorites\\\"");
    sdui_free(diagnostics);
    sdui_engine_free(e);
}

/* A folder of its own under root for one test: root/NAME (made, emptied of nothing). */
static void folder(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s/%s", root, name);
    mkdir(out, 0755);
}

/* The diagnostics of e (the caller frees them). */
static char *diagnostics_of(sdui_engine *e)
{
    char *out = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &out, NULL), SDUI_OK);
    return out;
}

/* A file planted where the save writes its temporary file (the name a save
** used to write, NAME.json.tmp, a link to a file outside the folder) is
** never written through: the file outside keeps its bytes. */
static void test_planted_temporary(void)
{
    char here[160], outside[200], planted[220], saved[220];
    folder(here, sizeof here, "planted");
    snprintf(outside, sizeof outside, "%s/outside.txt", root);
    snprintf(planted, sizeof planted, "%s/favorites.json.tmp", here);
    snprintf(saved, sizeof saved, "%s/favorites.json", here);
    spit(outside, "not the engine's");
    CHECK(symlink(outside, planted) == 0);

    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, here), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"603\"}")), SDUI_OK);
    char *text = slurp(outside);
    CHECK_STR_EQ(text, "not the engine's");
    free(text);
    text = slurp(saved);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    free(text);
    struct stat info;
    CHECK(lstat(saved, &info) == 0 && S_ISREG(info.st_mode));
    CHECK(lstat(planted, &info) == 0 && S_ISLNK(info.st_mode)); /* not the engine's either: left alone */
    CHECK_EQ_INT(temporaries(here), 1);                         /* the planted one only */
    CHECK_EQ_INT(sdui_counter(e, SDUI_COUNTER_SAVES), 1);

    /* NAME.json a link to a file outside: not read; the next save replaces the link, not its file. */
    sdui_engine_free(e);
    unlink(saved);
    spit(outside, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"outside\":true}}");
    CHECK(symlink(outside, saved) == 0);
    e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, here), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    char *diagnostics = diagnostics_of(e);
    char want[512];
    snprintf(want, sizeof want,
             "\"service \\\"favorites\\\": saved state not used (%s is a symbolic link: not followed); "
             "it starts from its initial value\"", saved);
    CHECK_STR_CONTAINS(diagnostics, want);
    sdui_free(diagnostics);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"1\"}")), SDUI_OK);
    text = slurp(outside);
    CHECK_STR_EQ(text, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"outside\":true}}");
    free(text);
    CHECK(lstat(saved, &info) == 0 && S_ISREG(info.st_mode));
    sdui_engine_free(e);
    unlink(planted);
    unlink(saved);
    unlink(outside);
}

/* Runs body in a child process that may take `seconds` and, outside the
** sanitizers and valgrind, 2 GiB of address space: 1 when it exited with 0.
** What hung or ate all memory before (a FIFO, /dev/zero) fails here. */
static int in_child(void (*body)(void), unsigned seconds)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        check_failed_ = 0; /* the child's own checks decide its status */
#ifndef UNDER_ASAN
        if (getenv("SDUI_TEST_LIGHT") == NULL) {
            struct rlimit space = {2UL << 30, 2UL << 30};
            setrlimit(RLIMIT_AS, &space);
        }
#endif
        alarm(seconds);
        body();
        _exit(check_failed_ == 0 ? 0 : 1);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 0;
    if (WIFSIGNALED(status))
        fprintf(stderr, "    the child died of signal %d\n", WTERMSIG(status));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static char hostile[160];

/* One engine on `hostile` whose favorites.json is `what`: not read, the
** service starts from {}, and the diagnostic says `why` about the file. */
static void check_not_read(const char *why)
{
    sdui_engine *e = new_engine();
    check_engine(e);
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_PAYLOAD_BYTES, 1000), 64 << 20);
    CHECK_STATUS(sdui_persist_directory(e, hostile), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    char *diagnostics = diagnostics_of(e);
    char want[512];
    snprintf(want, sizeof want,
             "\"service \\\"favorites\\\": saved state not used (%s/favorites.json %s); "
             "it starts from its initial value\"", hostile, why);
    CHECK_STR_CONTAINS(diagnostics, want);
    sdui_free(diagnostics);
    sdui_engine_free(e);
}

static void fifo_body(void)
{
    check_not_read("is not a regular file (a FIFO): not read");
}

static void zero_link_body(void)
{
    check_not_read("is a symbolic link: not followed");
}

static void device_body(void)
{
    check_not_read("is not a regular file (a character device): not read");
}

static void huge_body(void)
{
    check_not_read("is 2147483648 bytes, more than the limit of 1000 bytes (SDUI_LIMIT_PAYLOAD_BYTES): not read");
}

static void over_limit_body(void)
{
    check_not_read("is 1001 bytes, more than the limit of 1000 bytes (SDUI_LIMIT_PAYLOAD_BYTES): not read");
}

static void replaced_body(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_directory(e, hostile), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"2\"}")), SDUI_OK);
    sdui_engine_free(e);
}

/* What favorites.json may be besides a saved state: each is refused before
** a byte is read (a FIFO blocked start-up, /dev/zero and a 2 GiB file ate
** the host's memory), the service starts from its initial value, and the
** next save puts a regular file in its place. */
static void test_untrusted_saved_files(void)
{
    folder(hostile, sizeof hostile, "hostile");
    char saved[200];
    snprintf(saved, sizeof saved, "%s/favorites.json", hostile);

    CHECK(mkfifo(saved, 0644) == 0);
    CHECK(in_child(fifo_body, 10));
    unlink(saved);

    CHECK(symlink("/dev/zero", saved) == 0);
    CHECK(in_child(zero_link_body, 10));
    unlink(saved);

    if (mknod(saved, S_IFCHR | 0644, makedev(1, 5)) == 0) { /* /dev/zero itself, where root may make one */
        CHECK(in_child(device_body, 10));
        unlink(saved);
    }

    int fd = open(saved, O_WRONLY | O_CREAT | O_TRUNC, 0644); /* 2 GiB, sparse: no disk taken */
    CHECK(fd >= 0 && ftruncate(fd, 2L << 30) == 0);
    close(fd);
    CHECK(in_child(huge_body, 10));

    /* One byte over the limit: refused; at the limit: read. */
    char text[1002];
    memset(text, ' ', sizeof text);
    const char *envelope = "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"9\":true}}";
    memcpy(text, envelope, strlen(envelope));
    text[1001] = '\0';
    spit(saved, text);
    CHECK(in_child(over_limit_body, 10));
    text[1000] = '\0';
    spit(saved, text);
    sdui_engine *e = new_engine();
    CHECK_EQ_INT(sdui_limit(e, SDUI_LIMIT_PAYLOAD_BYTES, 1000), 64 << 20);
    CHECK_STATUS(sdui_persist_directory(e, hostile), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{\"9\":true}");
    sdui_engine_free(e);

    /* After a FIFO, the next save replaces it by a regular file. */
    unlink(saved);
    CHECK(mkfifo(saved, 0644) == 0);
    CHECK(in_child(replaced_body, 10));
    struct stat info;
    CHECK(lstat(saved, &info) == 0 && S_ISREG(info.st_mode));
    unlink(saved);
}

/* The child's side of test_folder_lock: the folder the parent holds is refused. */
static void other_process_body(void)
{
    sdui_engine *e = new_engine();
    check_engine(e);
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_EBUSY);
    char want[512];
    snprintf(want, sizeof want,
             "the state folder %s is in use by another engine (another process holds its lock file .sdui.lock); "
             "one folder keeps the states of one engine at a time", dir);
    CHECK_STR_EQ(sdui_errmsg(e), want);
    sdui_engine_free(e);
}

/* One engine a folder: a second engine, of this process or another, is
** refused with SDUI_EBUSY and keeps its storage (two engines sharing a
** folder lost states); the folder is free again once its engine is freed,
** or chooses another storage. */
static void test_folder_lock(void)
{
    char other[160], message[512];
    folder(other, sizeof other, "other");
    int go[2];
    if (!CHECK(pipe(go) == 0))
        return;
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        char x;
        check_failed_ = 0; /* the child's own checks decide its status */
        alarm(10);
        if (read(go[0], &x, 1) != 1)
            _exit(2);
        other_process_body();
        _exit(check_failed_ == 0 ? 0 : 1);
    }
    sdui_engine *a = new_engine(), *b = new_engine();
    CHECK_STATUS(sdui_persist_directory(a, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(a, "favorites"), SDUI_OK);
    CHECK_STATUS(sdui_persist_directory(a, dir), SDUI_OK); /* its own folder again: kept */

    check_engine(b);
    CHECK_STATUS(sdui_persist_service(b, "favorites"), SDUI_OK);
    CHECK_STATUS(sdui_persist_directory(b, dir), SDUI_EBUSY);
    snprintf(message, sizeof message,
             "the state folder %s is in use by another engine of this process; "
             "one folder keeps the states of one engine at a time", dir);
    CHECK_STR_EQ(sdui_errmsg(b), message);
    /* b has no storage still: nothing restored, nothing saved; a's file stays a's. */
    check_favorites(b, "{}");
    CHECK_STATUS(sdui_dispatch(b, S("{\"type\":\"favorites/toggle\",\"payload\":\"b\"}")), SDUI_OK);
    CHECK_EQ_INT(sdui_counter(b, SDUI_COUNTER_SAVES), 0);
    CHECK_STATUS(sdui_dispatch(a, S("{\"type\":\"favorites/toggle\",\"payload\":\"a\"}")), SDUI_OK);
    char *a_state = favorites(a), *text = slurp(file), want[512];
    snprintf(want, sizeof want, "{\"sdui\":1,\"service\":\"favorites\",\"state\":%s}", a_state);
    CHECK_STR_EQ(text, want);
    free(text);
    sdui_free(a_state);
    /* The same folder by another path is the same folder. */
    char again[200];
    snprintf(again, sizeof again, "%s/state/../state/sdui/", root);
    CHECK_STATUS(sdui_persist_directory(b, again), SDUI_EBUSY);

    /* Another process (made before a held the folder, so it knows nothing of a). */
    CHECK(write(go[1], "x", 1) == 1);
    int status = 0;
    CHECK(waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0);

    /* a moves to another folder: dir is free for b, other is a's. */
    CHECK_STATUS(sdui_persist_directory(a, other), SDUI_OK);
    CHECK_STATUS(sdui_persist_directory(b, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_directory(b, other), SDUI_EBUSY);
    /* b still keeps dir (a refused call changes nothing): a third engine is refused there. */
    sdui_engine *c = new_engine();
    check_engine(c);
    CHECK_STATUS(sdui_persist_directory(c, dir), SDUI_EBUSY);
    /* Freed engines let go. */
    sdui_engine_free(b);
    CHECK_STATUS(sdui_persist_directory(c, dir), SDUI_OK);
    sdui_engine_free(a);
    CHECK_STATUS(sdui_persist_directory(c, other), SDUI_OK); /* c moves on: dir is free */
    sdui_engine *d = new_engine();
    check_engine(d);
    CHECK_STATUS(sdui_persist_directory(d, dir), SDUI_OK);
    sdui_engine_free(d);
    sdui_engine_free(c);

    /* Host callbacks in place of a folder let go of it too. */
    a = new_engine();
    b = new_engine();
    CHECK_STATUS(sdui_persist_directory(a, dir), SDUI_OK);
    CHECK_STATUS(sdui_persist_directory(b, dir), SDUI_EBUSY);
    CHECK_STATUS(sdui_persist_callbacks(a, NULL, NULL, NULL, NULL), SDUI_EINVAL); /* refused: a keeps dir */
    CHECK_STATUS(sdui_persist_directory(b, dir), SDUI_EBUSY);
    sdui_engine_free(a);
    CHECK_STATUS(sdui_persist_directory(b, dir), SDUI_OK);
    sdui_engine_free(b);
    close(go[0]);
    close(go[1]);
    rmdir(other);
}

/* The lock file itself a link (to a file outside): not followed, the folder refused. */
static void test_planted_lock(void)
{
    char here[160], lock[200], outside[200];
    folder(here, sizeof here, "planted-lock");
    snprintf(lock, sizeof lock, "%s/.sdui.lock", here);
    snprintf(outside, sizeof outside, "%s/outside-lock", root);
    spit(outside, "kept");
    CHECK(symlink(outside, lock) == 0);
    sdui_engine *e = new_engine();
    check_engine(e);
    CHECK_STATUS(sdui_persist_directory(e, here), SDUI_ERROR);
    char want[512];
    snprintf(want, sizeof want, "%s is a symbolic link: not followed", lock);
    CHECK_STR_EQ(sdui_errmsg(e), want);
    sdui_engine_free(e);
    char *text = slurp(outside);
    CHECK_STR_EQ(text, "kept");
    free(text);
    unlink(lock);
    unlink(outside);
    rmdir(here);
}

static void test_errors(void)
{
    sdui_engine *e = new_engine();
    CHECK_STATUS(sdui_persist_service(e, "nope"), SDUI_ENOTFOUND);
    CHECK_STR_CONTAINS(sdui_errmsg(e), "no service \"nope\"");
    CHECK_STATUS(sdui_persist_service(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_persist_service(NULL, "favorites"), SDUI_EINVAL);
    CHECK_STATUS(sdui_persist_directory(e, NULL), SDUI_EINVAL);
    CHECK_STATUS(sdui_persist_directory(e, file), SDUI_ERROR); /* a file, not a folder */
    CHECK_STR_CONTAINS(sdui_errmsg(e), "is not a folder");
    CHECK_STATUS(sdui_persist_callbacks(e, NULL, NULL, NULL, NULL), SDUI_EINVAL);
    sdui_engine_free(e);
}

/* The host's storage: one saved text, and what happened to it. */
typedef struct {
    char *saved;
    int saves, loads, destroyed;
    int fail_load, fail_save;
    int reentrant; /* the status of an engine call made from inside save */
    sdui_engine *engine;
} memory;

static int memory_load(const char *service, char **data, size_t *len, void *userdata)
{
    memory *m = userdata;
    m->loads++;
    if (m->fail_load || strcmp(service, "favorites") != 0)
        return SDUI_ERROR;
    if (m->saved != NULL) {
        *data = check_strdup(m->saved);
        *len = strlen(m->saved);
    }
    return SDUI_OK;
}

static int memory_save(const char *service, const char *data, size_t len, void *userdata)
{
    memory *m = userdata;
    if (m->engine != NULL)
        m->reentrant = sdui_dispatch(m->engine, S("{\"type\":\"favorites/toggle\",\"payload\":\"x\"}"));
    if (m->fail_save || strcmp(service, "favorites") != 0 || strlen(data) != len)
        return SDUI_ERROR;
    free(m->saved);
    m->saved = check_strdup(data);
    m->saves++;
    return SDUI_OK;
}

static void memory_destroy(void *userdata)
{
    ((memory *)userdata)->destroyed++;
}

static void test_callbacks(void)
{
    memory m = {0};
    sdui_engine *e = new_engine();
    m.engine = e;
    CHECK_STATUS(sdui_persist_callbacks(e, memory_load, memory_save, &m, memory_destroy), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    CHECK_EQ_INT(m.loads, 1);
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"603\"}")), SDUI_OK);
    CHECK_EQ_INT(m.reentrant, SDUI_EBUSY);
    CHECK_STR_EQ(m.saved, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    m.engine = NULL;
    /* A failing save: reported, the dispatch stands, the saved text stays. */
    m.fail_save = 1;
    CHECK_STATUS(sdui_dispatch(e, S("{\"type\":\"favorites/toggle\",\"payload\":\"5\"}")), SDUI_OK);
    CHECK_STR_EQ(m.saved, "{\"sdui\":1,\"service\":\"favorites\",\"state\":{\"603\":true}}");
    char *diagnostics = NULL;
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "state not saved (the save callback failed (1: error))");
    sdui_free(diagnostics);
    m.fail_save = 0;
    CHECK_EQ_INT(m.destroyed, 0);
    sdui_engine_free(e);
    CHECK_EQ_INT(m.destroyed, 1);

    /* A second engine restores from the callbacks; replacing them runs destroy. */
    e = new_engine();
    CHECK_STATUS(sdui_persist_callbacks(e, memory_load, memory_save, &m, memory_destroy), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{\"603\":true}");
    CHECK_STATUS(sdui_persist_directory(e, dir), SDUI_OK);
    CHECK_EQ_INT(m.destroyed, 2);
    sdui_engine_free(e);
    CHECK_EQ_INT(m.destroyed, 2);

    /* A load that fails: reported, the initial value kept. */
    m.fail_load = 1;
    e = new_engine();
    CHECK_STATUS(sdui_persist_callbacks(e, memory_load, memory_save, &m, NULL), SDUI_OK);
    CHECK_STATUS(sdui_persist_service(e, "favorites"), SDUI_OK);
    check_favorites(e, "{}");
    CHECK_STATUS(sdui_diagnostics_json(e, &diagnostics, NULL), SDUI_OK);
    CHECK_STR_CONTAINS(diagnostics, "\"code\":\"persist-rejected\"");
    CHECK_STR_CONTAINS(diagnostics, "the load callback failed (1: error)");
    sdui_free(diagnostics);
    sdui_engine_free(e);
    free(m.saved);
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/sdui-persist-XXXXXX");
    if (mkdtemp(root) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    test_files_round_trip();
    test_crash_safety();
    test_corrupt_file();
    test_planted_temporary();
    test_untrusted_saved_files();
    test_folder_lock();
    test_planted_lock();
    test_errors();
    test_callbacks();
    unlink(file);
    char lock[200];
    snprintf(lock, sizeof lock, "%s/.sdui.lock", dir);
    unlink(lock);
    rmdir(dir);
    const char *made[] = {"planted", "hostile", "other"};
    for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
        snprintf(lock, sizeof lock, "%s/%s/.sdui.lock", root, made[i]);
        unlink(lock);
        snprintf(lock, sizeof lock, "%s/%s", root, made[i]);
        rmdir(lock);
    }
    char parent[128];
    snprintf(parent, sizeof parent, "%s/state", root);
    rmdir(parent);
    rmdir(root);
    return check_summary();
}
