/* Lists the MPI library's own MPI_T interface as C sees it, for MpitLibraryTest's cross-check with
 * `mpit list --source library`: the counts, then every control variable, performance variable and
 * category name in index order. No MPI_Init, as the listing command makes none. */
#include <mpi.h>
#include <stdio.h>

int main(void) {
    int provided, n, i;
    char name[1024];
    if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) {
        return 1;
    }
    MPI_T_cvar_get_num(&n);
    printf("cvars %d\n", n);
    for (i = 0; i < n; i++) {
        int len = sizeof name, verbosity, bind, scope;
        MPI_Datatype type;
        MPI_T_enum e;
        MPI_T_cvar_get_info(i, name, &len, &verbosity, &type, &e, NULL, NULL, &bind, &scope);
        printf("cvar %s\n", name);
    }
    MPI_T_pvar_get_num(&n);
    printf("pvars %d\n", n);
    for (i = 0; i < n; i++) {
        int len = sizeof name, verbosity, cls, bind, ro, cont, atomic;
        MPI_Datatype type;
        MPI_T_enum e;
        MPI_T_pvar_get_info(i, name, &len, &verbosity, &cls, &type, &e, NULL, NULL, &bind, &ro, &cont, &atomic);
        printf("pvar %s\n", name);
    }
    MPI_T_category_get_num(&n);
    printf("categories %d\n", n);
    for (i = 0; i < n; i++) {
        int len = sizeof name, ncvars, npvars, ncats;
        MPI_T_category_get_info(i, name, &len, NULL, NULL, &ncvars, &npvars, &ncats);
        printf("category %s\n", name);
    }
    MPI_T_finalize();
    return 0;
}
