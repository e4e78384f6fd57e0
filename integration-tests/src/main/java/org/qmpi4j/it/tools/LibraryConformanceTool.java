package org.qmpi4j.it.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Qmpi;
import org.qmpi4j.api.QmpiContext;
import org.qmpi4j.api.ToolProvider;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * The MPI_T conformance checks that apply to the MPI library's own variables, run through
 * {@link MpiT} on rank 0 right after MPI_Init (integration-test tool, for
 * {@code MpitLibraryConformanceTest}). Prints two kinds of lines on stdout:
 *
 * <ul>
 *   <li>{@code QMPI4J-CONF pvar|cvar|category ...}: every routine on every library variable in the
 *       fixed order of the C program {@code mpit_semantics.c}, with the numeric return code of each
 *       call, in the same format; the test compares the two (the library's semantics must reach Java
 *       unchanged);
 *   <li>{@code QMPI4J-CONF-CHECK <what> expected=<code> actual=<code>}: what the standard's text
 *       says of indices, names, classes, bind kinds, sessions and handles, checked on the library's
 *       variables (the test asserts expected equals actual), and
 *       {@code QMPI4J-CONF-DATATYPE <name> <class> <datatype>} for a variable whose datatype its
 *       class does not allow.
 * </ul>
 *
 * Variables named in the file {@code -Dqmpi4j.conformance.skip} (the C program's {@code crash}
 * lines: using them crashes the process in C too) are left alone. Library variables are those whose
 * names do not start with {@code qmpi4j_} (this tool registers none).
 */
public final class LibraryConformanceTool implements ToolProvider {
    private MpiT mpit;
    private int toolId;
    private final StringBuilder out = new StringBuilder();

    @Override
    public String name() {
        return "mpit-library-conformance";
    }

    @Override
    public String description() {
        return "MPI_T conformance checks on the MPI library's variables (integration-test tool)";
    }

    @Override
    public void initialize(int toolId) {
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT, (c, id, call) -> afterInit(c, id, call));
        Qmpi.registerToolFunction(toolId, MpiFunction.MPI_INIT_THREAD, (c, id, call) -> afterInit(c, id, call));
    }

    private Object afterInit(QmpiContext context, int toolId, MpiCall call) throws Exception {
        Object result = Qmpi.getNextToolFunction(toolId, call.function()).invoke(context, call);
        Object world = Qmpi.bindingConstant(toolId, "COMM_WORLD");
        int rank = (Integer) Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_RANK, world);
        if (rank == 0) {
            this.toolId = toolId;
            mpit = Qmpi.mpit(toolId);
            mpit.initThread(ThreadLevel.SINGLE);
            Set<String> skip = skipped();
            pvars(world, skip);
            cvars(world, skip);
            categories();
            events();
            handlesAndSessions(world);
            mpit.finalizeInterface();
            System.out.print(out);
            System.out.flush();
        }
        return result;
    }

    private static Set<String> skipped() throws IOException {
        Set<String> names = new HashSet<>();
        String file = System.getProperty("qmpi4j.conformance.skip");
        if (file != null) {
            for (String line : Files.readAllLines(Path.of(file))) {
                String[] w = line.split(" ");
                if (w.length >= 3 && w[0].equals("crash")) {
                    names.add(w[1] + " " + w[2]);
                }
            }
        }
        return names;
    }

    private static boolean isLibrary(String name) {
        return !name.equals("qmpi4j") && !name.startsWith("qmpi4j_");
    }

    // ---- the C program's sequence ---------------------------------------------------------------

    private void pvars(Object world, Set<String> skip) {
        PvarSession session = mpit.pvarSessionCreate();
        int n = mpit.pvarGetNum();
        for (int i = 0; i < n; i++) {
            PvarInfo v = mpit.pvarGetInfo(i);
            if (!isLibrary(v.name()) || skip.contains("pvar " + v.name())) {
                continue;
            }
            check("pvar_get_index " + v.name() + " is " + i, i, mpit.pvarGetIndex(v.name(), v.varClass()));
            PvarClass other = v.varClass() == PvarClass.GENERIC ? PvarClass.STATE : PvarClass.GENERIC;
            if (!sameNameIn(v.name(), other)) {
                check(
                        "pvar_get_index " + v.name() + " as " + other,
                        ReturnCode.MPI_T_ERR_INVALID_NAME.value(),
                        code(() -> mpit.pvarGetIndex(v.name(), other)));
            }
            if (!v.varClass().allows(v.datatype())) {
                out.append("QMPI4J-CONF-DATATYPE ")
                        .append(v.name())
                        .append(' ')
                        .append(v.varClass())
                        .append(' ')
                        .append(v.datatype())
                        .append('\n');
            }
            out.append("QMPI4J-CONF pvar ")
                    .append(v.name())
                    .append(" class=")
                    .append(v.varClass().ordinal())
                    .append(" bind=")
                    .append(v.bind().ordinal())
                    .append(" ro=")
                    .append(v.readonly() ? 1 : 0)
                    .append(" cont=")
                    .append(v.continuous() ? 1 : 0)
                    .append(" atomic=")
                    .append(v.atomic() ? 1 : 0);
            if (v.bind() != BindType.NO_OBJECT && v.bind() != BindType.MPI_COMM) {
                out.append(" alloc=skip\n");
                continue;
            }
            PvarHandle[] h = new PvarHandle[1];
            int index = i;
            int rc = code(
                    () -> h[0] = mpit.pvarHandleAlloc(session, index, v.bind() == BindType.MPI_COMM ? world : null));
            out.append(" alloc=").append(rc);
            if (rc != 0) {
                out.append('\n');
                continue;
            }
            Object buf = v.datatype().newBuffer(h[0].count());
            out.append(" count=").append(h[0].count());
            out.append(" start=").append(code(() -> mpit.pvarStart(session, h[0])));
            out.append(" read=").append(code(() -> mpit.pvarRead(session, h[0], buf)));
            out.append(" write=").append(code(() -> mpit.pvarWrite(session, h[0], buf)));
            out.append(" reset=").append(code(() -> mpit.pvarReset(session, h[0])));
            out.append(" readreset=").append(code(() -> mpit.pvarReadReset(session, h[0], buf)));
            out.append(" stop=").append(code(() -> mpit.pvarStop(session, h[0])));
            out.append(" free=").append(code(() -> mpit.pvarHandleFree(session, h[0])));
            out.append('\n');
        }
        mpit.pvarSessionFree(session);
    }

    private boolean sameNameIn(String name, PvarClass c) {
        try {
            mpit.pvarGetIndex(name, c);
            return true;
        } catch (MpitException e) {
            return false;
        }
    }

    private void cvars(Object world, Set<String> skip) {
        int n = mpit.cvarGetNum();
        for (int i = 0; i < n; i++) {
            CvarInfo v = mpit.cvarGetInfo(i);
            if (!isLibrary(v.name()) || skip.contains("cvar " + v.name())) {
                continue;
            }
            check("cvar_get_index " + v.name() + " is " + i, i, mpit.cvarGetIndex(v.name()));
            out.append("QMPI4J-CONF cvar ")
                    .append(v.name())
                    .append(" scope=")
                    .append(v.scope().ordinal())
                    .append(" bind=")
                    .append(v.bind().ordinal());
            if (v.bind() != BindType.NO_OBJECT && v.bind() != BindType.MPI_COMM) {
                out.append(" alloc=skip\n");
                continue;
            }
            CvarHandle[] h = new CvarHandle[1];
            int index = i;
            int rc = code(() -> h[0] = mpit.cvarHandleAlloc(index, v.bind() == BindType.MPI_COMM ? world : null));
            out.append(" alloc=").append(rc);
            if (rc != 0) {
                out.append('\n');
                continue;
            }
            Object buf = v.datatype().newBuffer(h[0].count());
            out.append(" count=").append(h[0].count());
            out.append(" read=").append(code(() -> mpit.cvarRead(h[0], buf)));
            out.append(" write=").append(code(() -> mpit.cvarWrite(h[0], buf)));
            out.append(" free=").append(code(() -> mpit.cvarHandleFree(h[0])));
            out.append('\n');
        }
    }

    private void categories() {
        int n = mpit.categoryGetNum();
        for (int c = 0; c < n; c++) {
            CategoryInfo info = mpit.categoryGetInfo(c);
            if (!isLibrary(info.name())) {
                continue;
            }
            check("category_get_index " + info.name() + " is " + c, c, mpit.categoryGetIndex(info.name()));
            out.append("QMPI4J-CONF category ").append(info.name());
            out.append(" cvars=");
            names(mpit.categoryGetCvars(c), i -> mpit.cvarGetInfo(i).name());
            out.append(" pvars=");
            names(mpit.categoryGetPvars(c), i -> mpit.pvarGetInfo(i).name());
            out.append(" categories=");
            names(mpit.categoryGetCategories(c), i -> mpit.categoryGetInfo(i).name());
            out.append('\n');
        }
    }

    /**
     * A library without MPI_T events (Open MPI 4.1 and 5.0 have none) leaves the event part as it
     * was: only the agent's event types and sources, no events in the library's categories.
     */
    private void events() {
        int notAgents = 0;
        int types = mpit.eventGetNum();
        for (int e = 0; e < types; e++) {
            if (isLibrary(mpit.eventGetInfo(e).name())) {
                notAgents++;
            }
        }
        check("event types that are not the agent's", 0, notAgents);
        check("the agent's event types are there", 1, types > 0 ? 1 : 0);
        int inLibraryCategories = 0;
        for (int c = 0; c < mpit.categoryGetNum(); c++) {
            if (isLibrary(mpit.categoryGetInfo(c).name())) {
                inLibraryCategories += mpit.categoryGetNumEvents(c);
            }
        }
        check("event types in the library's categories", 0, inLibraryCategories);
        int qmpi4jSource = -1;
        for (int s = 0; s < mpit.sourceGetNum(); s++) {
            if (mpit.sourceGetInfo(s).name().equals("qmpi4j_calls")) {
                qmpi4jSource = s;
            }
        }
        check("the agent's event source is there", 1, qmpi4jSource >= 0 ? 1 : 0);
    }

    private void names(int[] indices, java.util.function.IntFunction<String> name) {
        for (int k = 0; k < indices.length; k++) {
            out.append(k == 0 ? "" : ",").append(name.apply(indices[k]));
        }
    }

    // ---- the standard's codes on library variables, where qmpi4j answers -------------------------

    private void handlesAndSessions(Object world) throws Exception {
        int queue = mpit.pvarGetIndex("pml_ob1_unexpected_msgq_length", PvarClass.SIZE);
        int pvars = mpit.pvarGetNum();
        int cvars = mpit.cvarGetNum();
        int cats = mpit.categoryGetNum();
        int invalidIndex = ReturnCode.MPI_T_ERR_INVALID_INDEX.value();
        check("pvar_get_info beyond the last index", invalidIndex, code(() -> mpit.pvarGetInfo(pvars)));
        check("cvar_get_info beyond the last index", invalidIndex, code(() -> mpit.cvarGetInfo(cvars)));
        check("category_get_info beyond the last index", invalidIndex, code(() -> mpit.categoryGetInfo(cats)));
        check("cvar_handle_alloc beyond the last index", invalidIndex, code(() -> mpit.cvarHandleAlloc(cvars, null)));
        check(
                "cvar_get_index of a performance variable's name",
                ReturnCode.MPI_T_ERR_INVALID_NAME.value(),
                code(() -> mpit.cvarGetIndex("pml_ob1_unexpected_msgq_length")));

        PvarSession a = mpit.pvarSessionCreate();
        PvarSession b = mpit.pvarSessionCreate();
        int invalid = ReturnCode.MPI_T_ERR_INVALID.value();
        check(
                "pvar_handle_alloc of a communicator-bound library variable without an object",
                invalid,
                code(() -> mpit.pvarHandleAlloc(a, queue, null)));
        check(
                "pvar_handle_alloc of a communicator-bound library variable with a non-communicator",
                invalid,
                code(() -> mpit.pvarHandleAlloc(a, queue, "not a communicator")));
        check(
                "pvar_handle_alloc beyond the last index",
                invalidIndex,
                code(() -> mpit.pvarHandleAlloc(a, pvars, null)));
        PvarHandle h = mpit.pvarHandleAlloc(a, queue, world);
        int size = (Integer) Qmpi.pmpi(toolId, MpiFunction.MPI_COMM_SIZE, world);
        check("count of a communicator-bound library handle is the communicator's size", size, h.count());
        int[] values = new int[h.count()];
        check("pvar_read through its own session", 0, code(() -> mpit.pvarRead(a, h, values)));
        check(
                "pvar_read through another session",
                ReturnCode.MPI_T_ERR_INVALID_HANDLE.value(),
                code(() -> mpit.pvarRead(b, h, values)));
        if (h.count() > 1) {
            check(
                    "pvar_read into a buffer shorter than the count",
                    invalid,
                    code(() -> mpit.pvarRead(a, h, new int[h.count() - 1])));
        }
        check(
                "pvar_read into a buffer of another datatype",
                invalid,
                code(() -> mpit.pvarRead(a, h, new double[h.count()])));
        PvarHandle kept = mpit.pvarHandleAlloc(a, queue, world);
        mpit.pvarHandleFree(a, h);
        check(
                "pvar_read of a freed handle",
                ReturnCode.MPI_T_ERR_INVALID_HANDLE.value(),
                code(() -> mpit.pvarRead(a, h, values)));
        check(
                "pvar_handle_free of a freed handle",
                ReturnCode.MPI_T_ERR_INVALID_HANDLE.value(),
                code(() -> mpit.pvarHandleFree(a, h)));
        mpit.pvarSessionFree(a);
        int invalidSession = ReturnCode.MPI_T_ERR_INVALID_SESSION.value();
        check("pvar_read in a freed session", invalidSession, code(() -> mpit.pvarRead(a, kept, values)));
        check(
                "pvar_handle_alloc in a freed session",
                invalidSession,
                code(() -> mpit.pvarHandleAlloc(a, queue, world)));
        check("pvar_session_free of a freed session", invalidSession, code(() -> mpit.pvarSessionFree(a)));
        mpit.pvarSessionFree(b);
    }

    private void check(String what, int expected, int actual) {
        out.append("QMPI4J-CONF-CHECK ")
                .append(what.replace(' ', '_'))
                .append(" expected=")
                .append(expected)
                .append(" actual=")
                .append(actual)
                .append('\n');
    }

    @FunctionalInterface
    private interface Call {
        void run();
    }

    /** The numeric return code of a call: 0, or its MpitException's code (Open MPI's numbers). */
    private static int code(Call call) {
        try {
            call.run();
            return 0;
        } catch (MpitException e) {
            return e.code().value();
        }
    }
}
