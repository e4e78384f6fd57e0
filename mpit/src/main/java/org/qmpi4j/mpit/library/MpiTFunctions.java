package org.qmpi4j.mpit.library;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import org.qmpi4j.api.Nullable;

/**
 * The C routines of the MPI tool information interface (MPI 3.1, Section 14.3) as JNA calls them
 * in the MPI library. Opaque C types ({@code MPI_Datatype}, {@code MPI_T_enum}, handles and
 * sessions) are pointers in Open MPI; names are NUL-terminated byte arrays. Event routines
 * (MPI 4.0) are not here: Open MPI 4.1 lacks them, and a missing symbol would fail the whole
 * mapping; {@link LibraryEvents} looks for them one by one.
 */
@SuppressWarnings({"MethodName", "checkstyle:MethodName"})
interface MpiTFunctions extends Library {
    int MPI_T_init_thread(int required, IntByReference provided);

    int MPI_T_finalize();

    int MPI_T_enum_get_info(Pointer enumtype, IntByReference num, @Nullable byte[] name, IntByReference nameLen);

    int MPI_T_enum_get_item(Pointer enumtype, int index, IntByReference value, byte[] name, IntByReference nameLen);

    int MPI_T_cvar_get_num(IntByReference num);

    int MPI_T_cvar_get_info(
            int index,
            byte[] name,
            IntByReference nameLen,
            IntByReference verbosity,
            PointerByReference datatype,
            PointerByReference enumtype,
            byte[] desc,
            IntByReference descLen,
            IntByReference bind,
            IntByReference scope);

    int MPI_T_cvar_get_index(String name, IntByReference index);

    int MPI_T_cvar_handle_alloc(
            int index, @Nullable Pointer objHandle, PointerByReference handle, IntByReference count);

    int MPI_T_cvar_handle_free(PointerByReference handle);

    int MPI_T_cvar_read(Pointer handle, Pointer buf);

    int MPI_T_cvar_write(Pointer handle, Pointer buf);

    int MPI_T_pvar_get_num(IntByReference num);

    int MPI_T_pvar_get_info(
            int index,
            byte[] name,
            IntByReference nameLen,
            IntByReference verbosity,
            IntByReference varClass,
            PointerByReference datatype,
            PointerByReference enumtype,
            byte[] desc,
            IntByReference descLen,
            IntByReference bind,
            IntByReference readonly,
            IntByReference continuous,
            IntByReference atomic);

    int MPI_T_pvar_get_index(String name, int varClass, IntByReference index);

    int MPI_T_pvar_session_create(PointerByReference session);

    int MPI_T_pvar_session_free(PointerByReference session);

    int MPI_T_pvar_handle_alloc(
            Pointer session, int index, @Nullable Pointer objHandle, PointerByReference handle, IntByReference count);

    int MPI_T_pvar_handle_free(Pointer session, PointerByReference handle);

    int MPI_T_pvar_start(Pointer session, Pointer handle);

    int MPI_T_pvar_stop(Pointer session, Pointer handle);

    int MPI_T_pvar_read(Pointer session, Pointer handle, Pointer buf);

    int MPI_T_pvar_write(Pointer session, Pointer handle, Pointer buf);

    int MPI_T_pvar_reset(Pointer session, Pointer handle);

    int MPI_T_pvar_readreset(Pointer session, Pointer handle, Pointer buf);

    int MPI_T_category_get_num(IntByReference num);

    int MPI_T_category_get_info(
            int index,
            byte[] name,
            IntByReference nameLen,
            byte[] desc,
            IntByReference descLen,
            IntByReference numCvars,
            IntByReference numPvars,
            IntByReference numCategories);

    int MPI_T_category_get_index(String name, IntByReference index);

    int MPI_T_category_get_cvars(int index, int len, int[] indices);

    int MPI_T_category_get_pvars(int index, int len, int[] indices);

    int MPI_T_category_get_categories(int index, int len, int[] indices);

    int MPI_T_category_changed(IntByReference stamp);
}
