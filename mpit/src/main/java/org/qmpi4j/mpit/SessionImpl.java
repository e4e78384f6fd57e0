package org.qmpi4j.mpit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.mpit.PvarSession;

/** A performance experiment session: the handles allocated in it. */
final class SessionImpl implements PvarSession {
    final SessionsAndHandles owner;
    final int id;
    private final Set<SessionHandle> handles = new LinkedHashSet<>();
    private boolean freed;
    /** The C session for the MPI library's variables, created with the first such handle. */
    private @org.qmpi4j.api.Nullable com.sun.jna.Pointer librarySession;

    private @org.qmpi4j.api.Nullable org.qmpi4j.mpit.library.MpitLibrary library;

    SessionImpl(SessionsAndHandles owner, int id) {
        this.owner = owner;
        this.id = id;
    }

    synchronized boolean isFreed() {
        return freed;
    }

    synchronized void add(SessionHandle h) {
        handles.add(h);
    }

    synchronized boolean remove(SessionHandle h) {
        return handles.remove(h);
    }

    synchronized boolean owns(SessionHandle h) {
        return handles.contains(h);
    }

    synchronized List<SessionHandle> handles() {
        return new ArrayList<>(handles);
    }

    /** This session's C session in the MPI library, created on first use. */
    synchronized com.sun.jna.Pointer librarySession(org.qmpi4j.mpit.library.MpitLibrary lib) {
        if (librarySession == null) {
            librarySession = lib.sessionCreate();
            library = lib;
        }
        return librarySession;
    }

    /** After its handles are freed: frees the C session, if there is one. */
    synchronized void freeLibrarySession() {
        if (librarySession != null && library != null) {
            com.sun.jna.Pointer s = librarySession;
            librarySession = null;
            library.sessionFree(s);
        }
    }

    /** Marks the session freed and returns its handles, which the caller frees. */
    synchronized List<SessionHandle> free() {
        freed = true;
        List<SessionHandle> all = new ArrayList<>(handles);
        handles.clear();
        return all;
    }

    @Override
    public String toString() {
        return "session " + id + (freed ? " (freed)" : "");
    }
}
