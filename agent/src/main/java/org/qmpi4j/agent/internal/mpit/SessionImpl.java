package org.qmpi4j.agent.internal.mpit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.mpit.PvarSession;

/** A performance experiment session: the handles allocated in it. */
final class SessionImpl implements PvarSession {
    final SessionsAndHandles owner;
    final int id;
    private final Set<PerformanceHandle> handles = new LinkedHashSet<>();
    private boolean freed;

    SessionImpl(SessionsAndHandles owner, int id) {
        this.owner = owner;
        this.id = id;
    }

    synchronized boolean isFreed() {
        return freed;
    }

    synchronized void add(PerformanceHandle h) {
        handles.add(h);
    }

    synchronized boolean remove(PerformanceHandle h) {
        return handles.remove(h);
    }

    synchronized boolean owns(PerformanceHandle h) {
        return handles.contains(h);
    }

    synchronized List<PerformanceHandle> handles() {
        return new ArrayList<>(handles);
    }

    /** Marks the session freed and returns its handles, which the caller frees. */
    synchronized List<PerformanceHandle> free() {
        freed = true;
        List<PerformanceHandle> all = new ArrayList<>(handles);
        handles.clear();
        return all;
    }

    @Override
    public String toString() {
        return "session " + id + (freed ? " (freed)" : "");
    }
}
