/* The MPI library's own MPI_T semantics as C sees them after MPI_Init, for MpitLibraryConformanceTest:
 * every routine on every variable, in one fixed order, with the return code of each call. The
 * library-conformance test tool runs the same sequence through MpiT; the two outputs must agree.
 *
 *   pvar <name> class=<c> bind=<b> ro=<0|1> cont=<0|1> atomic=<0|1> alloc=<rc> count=<n> start=<rc>
 *        read=<rc> write=<rc> reset=<rc> readreset=<rc> stop=<rc> free=<rc>
 *   cvar <name> scope=<s> bind=<b> alloc=<rc> count=<n> read=<rc> write=<rc> free=<rc>
 *   category <name> cvars=<names,> pvars=<names,> categories=<names,>
 *
 * Handles of variables bound to a communicator are bound to MPI_COMM_WORLD; variables bound to other
 * kinds of objects get "alloc=skip". A write writes back the value just read (a pvar's or cvar's
 * value does not change by it), so the run changes no setting. Variables the library no longer
 * describes after MPI_Init (get_info fails) are left out, as MpiT leaves them out. Rank 0 prints.
 *
 * Each variable's calls run in a child process (fork; MPI_T calls are local): Open MPI 4.1.4 keeps
 * describing some variables of components MPI_Init closed and unloaded, and using them crashes the
 * process (MPI_T_pvar_handle_alloc of the psm2 MTL's variables in psm2_mq_get_stats,
 * MPI_T_cvar_read of opal_common_ucx_* in PMPI_T_cvar_read). Such a variable gives the line
 *   crash <pvar|cvar> <name> signal=<n>
 * instead, and the test keeps Java away from it. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char *pvar_name(int i, char *name, int size) {
    int len = size, verbosity, cls, bind, ro, cont, atomic;
    MPI_Datatype type;
    MPI_T_enum e;
    if (MPI_T_pvar_get_info(i, name, &len, &verbosity, &cls, &type, &e, NULL, NULL, &bind, &ro, &cont, &atomic)
        != MPI_SUCCESS) {
        return NULL;
    }
    return name;
}

static char *cvar_name(int i, char *name, int size) {
    int len = size, verbosity, bind, scope;
    MPI_Datatype type;
    MPI_T_enum e;
    if (MPI_T_cvar_get_info(i, name, &len, &verbosity, &type, &e, NULL, NULL, &bind, &scope) != MPI_SUCCESS) {
        return NULL;
    }
    return name;
}

static char *category_name(int i, char *name, int size) {
    int len = size, nc, np, ncat;
    if (MPI_T_category_get_info(i, name, &len, NULL, NULL, &nc, &np, &ncat) != MPI_SUCCESS) {
        return NULL;
    }
    return name;
}

typedef char *(*namer)(int, char *, int);

static const char *current_kind;
static const char *current_name;

/* Forks: returns 0 in the child, which goes on with the variable's calls and ends in done(); the
 * parent waits and returns 1, having printed the crash line if the child died of a signal. */
static int isolated(void) {
    int status;
    pid_t child = fork();
    if (child == 0) {
        return 0;
    }
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) {
        printf("crash %s %s signal=%d\n", current_kind, current_name, WTERMSIG(status));
        fflush(stdout);
    }
    return 1;
}

static void done(void) {
    fflush(stdout);
    _exit(0);
}

static void members(const char *key, int *idx, int n, namer f) {
    char name[1024];
    int k, first = 1;
    printf(" %s=", key);
    for (k = 0; k < n; k++) {
        if (f(idx[k], name, sizeof name) != NULL) {
            printf("%s%s", first ? "" : ",", name);
            first = 0;
        }
    }
}

int main(int argc, char **argv) {
    int provided, rank, n, i;
    char name[1024];
    MPI_Comm world = MPI_COMM_WORLD;
    MPI_T_pvar_session session;
    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0) {
        MPI_T_finalize();
        MPI_Finalize();
        return 0;
    }
    MPI_T_pvar_session_create(&session);
    MPI_T_pvar_get_num(&n);
    for (i = 0; i < n; i++) {
        int len = sizeof name, verbosity, cls, bind, ro, cont, atomic, count = 0, rc;
        MPI_Datatype type;
        MPI_T_enum e;
        MPI_T_pvar_handle h;
        void *buf;
        if (MPI_T_pvar_get_info(i, name, &len, &verbosity, &cls, &type, &e, NULL, NULL, &bind, &ro, &cont, &atomic)
            != MPI_SUCCESS) {
            continue;
        }
        current_kind = "pvar";
        current_name = name;
        fflush(stdout);
        if (isolated()) {
            continue;
        }
        printf("pvar %s class=%d bind=%d ro=%d cont=%d atomic=%d", name, cls, bind, ro != 0, cont != 0, atomic != 0);
        if (bind != MPI_T_BIND_NO_OBJECT && bind != MPI_T_BIND_MPI_COMM) {
            printf(" alloc=skip\n");
            done();
        }
        rc = MPI_T_pvar_handle_alloc(session, i, bind == MPI_T_BIND_MPI_COMM ? (void *) &world : NULL, &h, &count);
        printf(" alloc=%d", rc);
        if (rc != MPI_SUCCESS) {
            printf("\n");
            done();
        }
        buf = calloc((size_t) count + 1, 8);
        printf(" count=%d", count);
        printf(" start=%d", MPI_T_pvar_start(session, h));
        printf(" read=%d", MPI_T_pvar_read(session, h, buf));
        printf(" write=%d", MPI_T_pvar_write(session, h, buf));
        printf(" reset=%d", MPI_T_pvar_reset(session, h));
        printf(" readreset=%d", MPI_T_pvar_readreset(session, h, buf));
        printf(" stop=%d", MPI_T_pvar_stop(session, h));
        printf(" free=%d\n", MPI_T_pvar_handle_free(session, &h));
        free(buf);
        done();
    }
    MPI_T_pvar_session_free(&session);
    MPI_T_cvar_get_num(&n);
    for (i = 0; i < n; i++) {
        int len = sizeof name, verbosity, bind, scope, count = 0, rc;
        MPI_Datatype type;
        MPI_T_enum e;
        MPI_T_cvar_handle h;
        void *buf;
        if (MPI_T_cvar_get_info(i, name, &len, &verbosity, &type, &e, NULL, NULL, &bind, &scope) != MPI_SUCCESS) {
            continue;
        }
        current_kind = "cvar";
        current_name = name;
        fflush(stdout);
        if (isolated()) {
            continue;
        }
        printf("cvar %s scope=%d bind=%d", name, scope, bind);
        if (bind != MPI_T_BIND_NO_OBJECT && bind != MPI_T_BIND_MPI_COMM) {
            printf(" alloc=skip\n");
            done();
        }
        rc = MPI_T_cvar_handle_alloc(i, bind == MPI_T_BIND_MPI_COMM ? (void *) &world : NULL, &h, &count);
        printf(" alloc=%d", rc);
        if (rc != MPI_SUCCESS) {
            printf("\n");
            done();
        }
        buf = calloc((size_t) count + 1, 8);
        printf(" count=%d", count);
        printf(" read=%d", MPI_T_cvar_read(h, buf));
        printf(" write=%d", MPI_T_cvar_write(h, buf));
        printf(" free=%d\n", MPI_T_cvar_handle_free(&h));
        free(buf);
        done();
    }
    MPI_T_category_get_num(&n);
    for (i = 0; i < n; i++) {
        int len = sizeof name, nc, np, ncat;
        int *idx;
        if (MPI_T_category_get_info(i, name, &len, NULL, NULL, &nc, &np, &ncat) != MPI_SUCCESS) {
            continue;
        }
        printf("category %s", name);
        idx = calloc((size_t) (nc + np + ncat) + 1, sizeof(int));
        MPI_T_category_get_cvars(i, nc, idx);
        members("cvars", idx, nc, cvar_name);
        MPI_T_category_get_pvars(i, np, idx);
        members("pvars", idx, np, pvar_name);
        MPI_T_category_get_categories(i, ncat, idx);
        members("categories", idx, ncat, category_name);
        printf("\n");
        free(idx);
    }
    fflush(stdout);
    /* MPI_T first: Open MPI 4.1.4 crashes in MPI_T_finalize after MPI_Finalize. */
    MPI_T_finalize();
    MPI_Finalize();
    return 0;
}
