package org.qmpi4j.mpit;

import com.sun.jna.Pointer;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.mpit.library.LibraryCodes;
import org.qmpi4j.mpit.library.MpitLibrary;

/**
 * A handle of one of the MPI library's performance variables: every operation is the library's
 * C routine on the library's own handle, in the C session that belongs to this handle's session.
 * What the library answers is what the caller gets: the codes keep their meaning
 * ({@code MPI_T_ERR_PVAR_NO_STARTSTOP}, {@code _NO_WRITE}, {@code _NO_ATOMIC}, ...).
 */
final class LibraryPvarHandle extends SessionHandle {
    private final MpitLibrary library;
    private final Pointer cSession;
    private final MpitLibrary.NativeHandle handle;
    private boolean freed;

    LibraryPvarHandle(
            SessionImpl session,
            PerformanceVariable variable,
            MpitLibrary library,
            Pointer cSession,
            MpitLibrary.NativeHandle handle) {
        super(session, variable, handle.count);
        this.library = library;
        this.cSession = cSession;
        this.handle = handle;
    }

    @Override
    void allocated() {}

    @Override
    synchronized boolean start() {
        return answer(library.pvarStart(cSession, handle), ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, "MPI_T_pvar_start");
    }

    @Override
    synchronized boolean stop() {
        return answer(library.pvarStop(cSession, handle), ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, "MPI_T_pvar_stop");
    }

    @Override
    synchronized boolean reset() {
        return answer(library.pvarReset(cSession, handle), ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, "MPI_T_pvar_reset");
    }

    /** True for success, false for the one refusal the caller reports itself, else the library's code. */
    private boolean answer(int rc, ReturnCode refusal, String routine) {
        if (rc == 0) {
            return true;
        }
        if (rc == refusal.value()) {
            return false;
        }
        throw LibraryCodes.failure(rc, routine, name());
    }

    @Override
    synchronized void read(Object buffer) {
        Values.checkBuffer(info().datatype(), count, buffer, name());
        Values.cvarToBuffer(
                info().datatype(), count, library.pvarRead(cSession, handle, false, name()), buffer, name());
    }

    @Override
    synchronized void readReset(Object buffer) {
        Values.checkBuffer(info().datatype(), count, buffer, name());
        Values.cvarToBuffer(info().datatype(), count, library.pvarRead(cSession, handle, true, name()), buffer, name());
    }

    @Override
    synchronized void write(Object buffer) {
        Values.checkBuffer(info().datatype(), count, buffer, name());
        library.pvarWrite(cSession, handle, Values.cvarFromBuffer(info().datatype(), count, buffer, name()), name());
    }

    @Override
    synchronized void free() {
        if (!freed) {
            freed = true;
            library.pvarHandleFree(cSession, handle);
        }
    }

    @Override
    synchronized boolean isFreed() {
        return freed;
    }

    @Override
    public String toString() {
        return "handle of the MPI library's " + variable + (freed ? " (freed)" : "");
    }
}
