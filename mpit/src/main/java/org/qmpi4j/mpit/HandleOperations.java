package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * What is done through a live handle (Sections 14.3.6 and 14.3.7): reading and writing control
 * variables; starting, stopping, reading, writing and resetting performance variables, one
 * handle or all of a session's. Which handles are live is {@link SessionsAndHandles}' concern;
 * what a value means for each class is {@link SessionHandle}'s.
 */
final class HandleOperations {
    private HandleOperations() {}

    static void cvarRead(ControlHandle h, Object buffer) {
        CvarDefinition d = h.variable.definition;
        Values.checkBuffer(d.info().datatype(), h.count, buffer, d.name());
        Object value = SourceGuards.guarded(d.name(), h.cell::read);
        Values.cvarToBuffer(d.info().datatype(), h.count, value, buffer, d.name());
    }

    static void cvarWrite(ControlHandle h, Object buffer) {
        CvarDefinition d = h.variable.definition;
        Values.checkBuffer(d.info().datatype(), h.count, buffer, d.name());
        if (!d.info().scope().mayBeWritable()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_CVAR_SET_NEVER,
                    d.name() + " has scope " + d.info().scope());
        }
        Object value = Values.cvarFromBuffer(d.info().datatype(), h.count, buffer, d.name());
        SourceGuards.guarded(d.name(), () -> {
            h.cell.write(value);
            return null;
        });
    }

    static void start(SessionsAndHandles handles, SessionImpl s, PvarHandle handle) {
        if (handle == PvarHandle.ALL_HANDLES) {
            SourceGuards.forAll(
                    s, h -> !h.continuous(), SessionHandle::start, ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, "started");
            return;
        }
        SessionHandle h = handles.handle(s, handle, "MPI_T_pvar_start");
        if (!SourceGuards.guarded(h, h::start)) {
            throw notStartable(h);
        }
    }

    static void stop(SessionsAndHandles handles, SessionImpl s, PvarHandle handle) {
        if (handle == PvarHandle.ALL_HANDLES) {
            SourceGuards.forAll(
                    s, h -> !h.continuous(), SessionHandle::stop, ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, "stopped");
            return;
        }
        SessionHandle h = handles.handle(s, handle, "MPI_T_pvar_stop");
        if (!SourceGuards.guarded(h, h::stop)) {
            throw notStartable(h);
        }
    }

    private static RuntimeException notStartable(SessionHandle h) {
        return Errors.fail(
                ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, h.name() + " is continuous: it cannot be started or stopped");
    }

    static void read(SessionHandle h, Object buffer) {
        SourceGuards.guarded(h, () -> {
            h.read(buffer);
            return true;
        });
    }

    static void write(SessionHandle h, Object buffer) {
        SourceGuards.guarded(h, () -> {
            h.write(buffer);
            return true;
        });
    }

    static void reset(SessionsAndHandles handles, SessionImpl s, PvarHandle handle) {
        if (handle == PvarHandle.ALL_HANDLES) {
            SourceGuards.forAll(
                    s, h -> !h.info().readonly(), SessionHandle::reset, ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, "reset");
            return;
        }
        SessionHandle h = handles.handle(s, handle, "MPI_T_pvar_reset");
        if (!SourceGuards.guarded(h, h::reset)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, h.name() + " is read-only");
        }
    }

    static void readReset(SessionHandle h, Object buffer) {
        SourceGuards.guarded(h, () -> {
            h.readReset(buffer);
            return true;
        });
    }
}
