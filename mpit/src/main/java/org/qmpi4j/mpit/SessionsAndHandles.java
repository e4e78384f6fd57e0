package org.qmpi4j.mpit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CvarCell;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.PvarCell;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * The sessions and handles of one process: creating and freeing them within their limits, and
 * checking on every use that one is live and of this process (freed, foreign, null, wrong
 * session each answer the text's code). Creating and freeing hold one lock, which the last
 * {@code MPI_T_FINALIZE} takes too (see {@link #whenLastUserFinalizes}).
 */
final class SessionsAndHandles {
    /** Defaults of the limits behind {@code MPI_T_ERR_OUT_OF_SESSIONS} and {@code _OUT_OF_HANDLES}. */
    static final int DEFAULT_MAX_SESSIONS = 1024;

    static final int DEFAULT_MAX_HANDLES = 65536;

    private final ObjectKinds objectKinds;
    private final Object handleLock = new Object();
    private final List<SessionImpl> sessions = new CopyOnWriteArrayList<>();
    private final List<ControlHandle> cvarHandles = new CopyOnWriteArrayList<>();
    private int liveHandles; // guarded by handleLock
    private int nextSessionId = 1; // guarded by handleLock
    private volatile int maxSessions = DEFAULT_MAX_SESSIONS;
    private volatile int maxHandles = DEFAULT_MAX_HANDLES;

    SessionsAndHandles(ObjectKinds objectKinds) {
        this.objectKinds = objectKinds;
    }

    // ---- limits ---------------------------------------------------------------------------------

    int maxSessions() {
        return maxSessions;
    }

    int maxHandles() {
        return maxHandles;
    }

    void setMaxSessions(int max) {
        if (max < 1) {
            throw Errors.invalid("the session limit must be at least 1, not " + max);
        }
        maxSessions = max;
    }

    void setMaxHandles(int max) {
        if (max < 1) {
            throw Errors.invalid("the handle limit must be at least 1, not " + max);
        }
        maxHandles = max;
    }

    // ---- finalization ---------------------------------------------------------------------------

    /**
     * Runs {@code isLast} (the reference count's step down) and, if it was the last, frees every
     * session and handle, as one step under the lock that creating them takes: a user that
     * initialises meanwhile cannot create a session that this finalize then frees.
     */
    void whenLastUserFinalizes(java.util.function.BooleanSupplier isLast) {
        synchronized (handleLock) {
            if (isLast.getAsBoolean()) {
                freeEverything();
            }
        }
    }

    private void freeEverything() {
        for (SessionImpl s : sessions) {
            for (SessionHandle h : s.free()) {
                freeQuietly(h);
            }
            freeLibrarySessionQuietly(s);
        }
        sessions.clear();
        for (ControlHandle h : cvarHandles) {
            h.free();
        }
        cvarHandles.clear();
        liveHandles = 0;
    }

    // ---- control variable handles ---------------------------------------------------------------

    CvarHandle allocate(ControlVariable v, @Nullable Object mpiObject) {
        Object object = boundObject(v.definition.info().bind(), mpiObject, v.name());
        synchronized (handleLock) {
            reserveHandle();
            try {
                return SourceGuards.binding(v.name(), object, () -> {
                    CvarCell cell = v.definition.source().bind(object);
                    ControlHandle h = new ControlHandle(this, v, cell, SourceGuards.checkCount(cell.count(), v.name()));
                    cvarHandles.add(h);
                    return h;
                });
            } catch (RuntimeException e) {
                liveHandles--;
                throw e;
            }
        }
    }

    void free(ControlHandle h) {
        synchronized (handleLock) {
            if (!cvarHandles.remove(h)) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the handle was already freed");
            }
            liveHandles--;
            h.free();
        }
    }

    ControlHandle controlHandle(CvarHandle handle) {
        if (!(handle instanceof ControlHandle) || ((ControlHandle) handle).owner != this) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    handle == null ? "MPI_T_CVAR_HANDLE_NULL" : "not a control variable handle of this process");
        }
        ControlHandle h = (ControlHandle) handle;
        if (h.isFreed()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the handle was freed");
        }
        return h;
    }

    // ---- sessions -------------------------------------------------------------------------------

    PvarSession createSession() {
        synchronized (handleLock) {
            if (sessions.size() >= maxSessions) {
                throw Errors.fail(
                        ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS,
                        sessions.size() + " sessions are open (limit: control variable qmpi4j_mpit_max_sessions)");
            }
            try {
                SessionImpl s = new SessionImpl(this, nextSessionId++);
                sessions.add(s);
                return s;
            } catch (OutOfMemoryError e) {
                throw Errors.memory("a session", e);
            }
        }
    }

    void free(SessionImpl s) {
        synchronized (handleLock) {
            if (!sessions.remove(s)) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_SESSION, "the session was already freed");
            }
            for (SessionHandle h : s.free()) {
                freeQuietly(h);
                liveHandles--;
            }
            freeLibrarySessionQuietly(s);
        }
    }

    /** Freeing a session frees all its handles even if the library refuses one. */
    private static void freeQuietly(SessionHandle h) {
        try {
            h.free();
        } catch (RuntimeException e) {
            // a library handle the library no longer knows: gone either way
        }
    }

    private static void freeLibrarySessionQuietly(SessionImpl s) {
        try {
            s.freeLibrarySession();
        } catch (RuntimeException e) {
            // as above
        }
    }

    SessionImpl session(PvarSession session) {
        if (!(session instanceof SessionImpl) || ((SessionImpl) session).owner != this) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_SESSION,
                    session == null ? "MPI_T_PVAR_SESSION_NULL" : "not a session of this process");
        }
        SessionImpl s = (SessionImpl) session;
        if (s.isFreed()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_SESSION, "the session was freed");
        }
        return s;
    }

    // ---- performance variable handles -----------------------------------------------------------

    PvarHandle allocate(SessionImpl s, PerformanceVariable v, @Nullable Object mpiObject) {
        String name = v.info.name();
        Object object = boundObject(v.info.bind(), mpiObject, name);
        SessionHandle h;
        synchronized (handleLock) {
            reserveHandle();
            try {
                h = SourceGuards.binding(name, object, () -> {
                    if (v.library != null) {
                        return v.library.allocate(s, v, object);
                    }
                    PvarCell cell = java.util.Objects.requireNonNull(v.definition)
                            .source()
                            .bind(object);
                    SessionHandle created =
                            PerformanceHandle.create(s, v, cell, SourceGuards.checkCount(cell.count(), name));
                    created.allocated();
                    return created;
                });
            } catch (RuntimeException e) {
                liveHandles--;
                throw e;
            }
            if (s.isFreed()) { // freed by another thread meanwhile
                h.free();
                liveHandles--;
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_SESSION, "the session was freed");
            }
            s.add(h);
        }
        return h;
    }

    void free(SessionImpl s, SessionHandle h) {
        synchronized (handleLock) {
            if (!s.remove(h)) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the handle was already freed");
            }
            liveHandles--;
        }
        h.free();
    }

    /** The handle, if it is a live handle of {@code s} (the text: otherwise MPI_T_ERR_INVALID_HANDLE). */
    SessionHandle handle(SessionImpl s, PvarHandle handle, String routine) {
        if (handle == PvarHandle.ALL_HANDLES) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE, "MPI_T_PVAR_ALL_HANDLES cannot be used with " + routine);
        }
        if (!(handle instanceof SessionHandle)) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    handle == null ? "MPI_T_PVAR_HANDLE_NULL" : "not a performance variable handle");
        }
        SessionHandle h = (SessionHandle) handle;
        if (!s.owns(h)) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    h.isFreed() ? "the handle was freed" : "the handle belongs to another session");
        }
        return h;
    }

    // ---- shared ---------------------------------------------------------------------------------

    private void reserveHandle() {
        if (liveHandles >= maxHandles) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_OUT_OF_HANDLES,
                    liveHandles + " handles are allocated (limit: control variable qmpi4j_mpit_max_handles)");
        }
        liveHandles++;
    }

    private @Nullable Object boundObject(BindType bind, @Nullable Object mpiObject, String name) {
        if (bind == BindType.NO_OBJECT) {
            return null; // the text: the object argument is ignored
        }
        if (mpiObject == null) {
            throw Errors.invalid(name + " must be bound to an object of kind " + bind);
        }
        if (!objectKinds.isKind(bind, mpiObject)) {
            throw Errors.invalid(
                    name + " is bound to " + bind + "; " + mpiObject.getClass().getName() + " is not one");
        }
        return mpiObject;
    }
}
