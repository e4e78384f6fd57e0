package org.qmpi4j.bench.tools;

import java.util.concurrent.atomic.LongAdder;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * {@code events}: a tool that intercepts nothing and registers for one MPI_T event of the agent,
 * {@code qmpi4j_send_started}. The agent then watches the sending functions, and only those: every
 * other function a benchmark calls ({@code getRank}, {@code getSize}) is "a function watched by no
 * event registration", whose call sites must stay linked straight to the binding.
 */
public final class EventWatchTool implements ToolProvider {
    /** Events received (kept reachable, so the callback's work cannot be optimised away). */
    public static final LongAdder RECEIVED = new LongAdder();

    @Override
    public String name() {
        return "events";
    }

    @Override
    public String description() {
        return "benchmark tool: registers for the agent's qmpi4j_send_started event, intercepts nothing";
    }

    @Override
    public void initialize(int toolId) {
        MpiT mpit = Qmpi.mpit(toolId);
        mpit.initThread(ThreadLevel.MULTIPLE);
        EventRegistration r = mpit.eventHandleAlloc(mpit.eventGetIndex("qmpi4j_send_started"), null, null);
        mpit.eventRegisterCallback(
                r, CallbackSafety.THREAD_SAFE, null, (instance, reg, safety) -> RECEIVED.increment());
    }
}
