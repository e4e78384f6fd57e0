package org.qmpi4j.agent.internal.telemetry;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.EnumInfo;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.EventElement;
import org.qmpi4j.api.mpit.EventInfo;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.SourceInfo;
import org.qmpi4j.api.mpit.ThreadLevel;
import org.qmpi4j.api.mpit.Verbosity;
import org.qmpi4j.mpit.MpitRegistry;

/**
 * Prints an MPI_T catalogue the way {@code ompi_info --all} or MPICH's {@code mpivars} do: the
 * category tree, then every control variable (with its current value when it needs no object)
 * and every performance variable with all of its metadata. Uses only the {@link MpiT} API, as any
 * tool could.
 */
public final class MpitListing {
    private final MpiT mpit;
    private final PrintStream out;
    private final Verbosity maxVerbosity;
    private final Map<String, String> cvarCategory = new HashMap<>();
    private final Map<String, String> pvarCategory = new HashMap<>();
    private final Map<String, EnumType> enums = new LinkedHashMap<>();
    private final Source source;

    /** Whose variables a listing shows: {@code --source agent|library|all}. */
    public enum Source {
        /** The agent's and the tools' variables, categories and events. */
        AGENT,
        /** The MPI library's own (its C MPI_T interface). */
        LIBRARY,
        ALL
    }

    public MpitListing(MpiT mpit, PrintStream out, Verbosity maxVerbosity) {
        this(mpit, out, maxVerbosity, Source.ALL);
    }

    public MpitListing(MpiT mpit, PrintStream out, Verbosity maxVerbosity, Source source) {
        this.mpit = mpit;
        this.out = out;
        this.maxVerbosity = maxVerbosity;
        this.source = source;
    }

    private boolean library(int index, java.util.function.IntPredicate isLibrary) {
        return isLibrary.test(index);
    }

    private boolean shown(int index, java.util.function.IntPredicate isLibrary) {
        if (source == Source.ALL) {
            return true;
        }
        return library(index, isLibrary) == (source == Source.LIBRARY);
    }

    private java.util.function.IntPredicate marks(int kind) {
        if (!(mpit instanceof MpitRegistry)) {
            return i -> false;
        }
        MpitRegistry r = (MpitRegistry) mpit;
        return kind == 0 ? r::isLibraryCvar : kind == 1 ? r::isLibraryPvar : r::isLibraryCategory;
    }

    private static int count(int n, java.util.function.IntPredicate shown) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (shown.test(i)) {
                k++;
            }
        }
        return k;
    }

    /** The line saying where the library's variables come from, or why there are none. */
    private void printLibraryLine(int ncvar, int npvar, int ncat) {
        if (!(mpit instanceof MpitRegistry)) {
            return;
        }
        MpitRegistry r = (MpitRegistry) mpit;
        org.qmpi4j.mpit.library.MpitLibrary lib = r.library();
        if (lib == null) {
            out.println("MPI library: none shown: " + r.libraryAbsence());
            return;
        }
        out.println("MPI library: " + lib.path() + ": " + count(ncvar, marks(0)) + " control variables, "
                + count(npvar, marks(1)) + " performance variables, " + count(ncat, marks(2))
                + " categories; " + lib.events().describe());
        if (r.libraryAbsence() != null) {
            out.println("MPI library: " + r.libraryAbsence());
        }
    }

    public void print(String title) {
        mpit.initThread(ThreadLevel.SINGLE);
        try {
            int ncat = mpit.categoryGetNum();
            int ncvar = mpit.cvarGetNum();
            int npvar = mpit.pvarGetNum();
            java.util.function.IntPredicate cvarShown = i -> shown(i, marks(0));
            java.util.function.IntPredicate pvarShown = i -> shown(i, marks(1));
            java.util.function.IntPredicate catShown = i -> shown(i, marks(2));
            out.println(title + ": " + count(ncvar, cvarShown) + " control variables, " + count(npvar, pvarShown)
                    + " performance variables, " + count(ncat, catShown) + " categories (source " + source
                    + ", variables up to verbosity " + maxVerbosity + ")");
            printLibraryLine(ncvar, npvar, ncat);
            out.println();
            out.println("Categories");
            boolean[] isChild = new boolean[ncat];
            for (int c = 0; c < ncat; c++) {
                for (int sub : mpit.categoryGetCategories(c)) {
                    isChild[sub] = true;
                }
                CategoryInfo ci = mpit.categoryGetInfo(c);
                for (int v : mpit.categoryGetCvars(c)) {
                    cvarCategory.putIfAbsent(Integer.toString(v), ci.name());
                }
                for (int v : mpit.categoryGetPvars(c)) {
                    pvarCategory.putIfAbsent(Integer.toString(v), ci.name());
                }
            }
            for (int c = 0; c < ncat; c++) {
                if (!isChild[c] && catShown.test(c)) {
                    printCategory(c, "  ");
                }
            }
            out.println();
            out.println("Control variables");
            for (int i = 0; i < ncvar; i++) {
                if (cvarShown.test(i)) {
                    printCvar(i);
                }
            }
            out.println();
            out.println("Performance variables");
            for (int i = 0; i < npvar; i++) {
                if (pvarShown.test(i)) {
                    printPvar(i);
                }
            }
            if (source != Source.LIBRARY) {
                printEvents(); // the library's event types are not shown (see LibraryEvents)
            }
            if (!enums.isEmpty()) {
                out.println();
                out.println("Enumerations");
                for (EnumType e : enums.values()) {
                    EnumInfo info = mpit.enumGetInfo(e);
                    StringBuilder sb = new StringBuilder("  " + info.name() + ":");
                    for (int k = 0; k < info.num(); k++) {
                        EnumItem item = mpit.enumGetItem(e, k);
                        sb.append(' ').append(item.value()).append('=').append(item.name());
                    }
                    out.println(sb);
                }
            }
        } finally {
            mpit.finalizeInterface();
        }
    }

    private void printCategory(int c, String indent) {
        CategoryInfo ci = mpit.categoryGetInfo(c);
        out.println(indent + "[" + c + "] " + ci.name() + "  (" + ci.numCvars() + " control, " + ci.numPvars()
                + " performance variables)  " + ci.description());
        for (int sub : mpit.categoryGetCategories(c)) {
            printCategory(sub, indent + "  ");
        }
    }

    private void printCvar(int i) {
        CvarInfo v = mpit.cvarGetInfo(i);
        if (v.verbosity().compareTo(maxVerbosity) > 0) {
            return;
        }
        noteEnum(v.enumType());
        out.println("  [" + i + "] " + v.name() + "  " + v.datatype() + enumSuffix(v.enumType()) + "  scope="
                + v.scope() + "  bind=" + v.bind() + "  verbosity=" + v.verbosity() + "  category="
                + cvarCategory.getOrDefault(Integer.toString(i), "-"));
        if (v.bind() == BindType.NO_OBJECT) {
            out.println("      value: " + cvarValue(i, v));
        }
        if (!v.description().isEmpty()) {
            out.println("      " + v.description());
        }
    }

    private String cvarValue(int index, CvarInfo v) {
        CvarHandle h;
        try {
            h = mpit.cvarHandleAlloc(index, null);
        } catch (MpitException e) {
            return "(" + e.code() + ")";
        }
        try {
            Object buffer = v.datatype().newBuffer(h.count());
            mpit.cvarRead(h, buffer);
            return format(v.datatype(), buffer, v.enumType());
        } catch (MpitException e) {
            return "(" + e.code() + ")";
        } finally {
            mpit.cvarHandleFree(h);
        }
    }

    private static String format(MpitDatatype type, Object buffer, @Nullable EnumType e) {
        switch (type) {
            case CHAR: {
                byte[] b = (byte[]) buffer;
                int n = 0;
                while (n < b.length && b[n] != 0) {
                    n++;
                }
                return "\"" + new String(b, 0, n, java.nio.charset.StandardCharsets.UTF_8) + "\"";
            }
            case INT: {
                int v = ((int[]) buffer)[0];
                return e == null ? Integer.toString(v) : MpitRegistry.itemName(e, v) + " (" + v + ")";
            }
            case UNSIGNED:
                return Integer.toUnsignedString(((int[]) buffer)[0]);
            case DOUBLE:
                return Double.toString(((double[]) buffer)[0]);
            default:
                return Long.toUnsignedString(((long[]) buffer)[0]);
        }
    }

    private void printPvar(int i) {
        PvarInfo v = mpit.pvarGetInfo(i);
        if (v.verbosity().compareTo(maxVerbosity) > 0) {
            return;
        }
        noteEnum(v.enumType());
        out.println("  [" + i + "] " + v.name() + "  " + v.varClass() + "  " + v.datatype() + enumSuffix(v.enumType())
                + "  bind=" + v.bind() + "  " + (v.continuous() ? "continuous" : "startable") + "  "
                + (v.readonly() ? "read-only" : "writable") + (v.atomic() ? "  atomic" : "") + "  verbosity="
                + v.verbosity() + "  category=" + pvarCategory.getOrDefault(Integer.toString(i), "-"));
        if (!v.description().isEmpty()) {
            out.println("      " + v.description());
        }
    }

    /** Event sources, then every event type with its elements (datatype, displacement) and category. */
    private void printEvents() {
        Map<Integer, String> eventCategory = new HashMap<>();
        for (int c = mpit.categoryGetNum() - 1; c >= 0; c--) {
            String name = mpit.categoryGetInfo(c).name();
            for (int e : mpit.categoryGetEvents(c)) {
                eventCategory.put(e, name);
            }
        }
        out.println();
        out.println("Event sources");
        for (int s = 0; s < mpit.sourceGetNum(); s++) {
            SourceInfo info = mpit.sourceGetInfo(s);
            out.println("  [" + s + "] " + info.name() + "  " + info.ordering() + "  ticks_per_second="
                    + info.ticksPerSecond() + (info.description().isEmpty() ? "" : "  " + info.description()));
        }
        out.println();
        out.println("Events");
        for (int i = 0; i < mpit.eventGetNum(); i++) {
            EventInfo e = mpit.eventGetInfo(i);
            if (e.verbosity().compareTo(maxVerbosity) > 0) {
                continue;
            }
            noteEnum(e.enumType());
            out.println("  [" + i + "] " + e.name() + "  source=" + e.sourceIndex() + "  bind=" + e.bind()
                    + "  verbosity=" + e.verbosity() + "  category=" + eventCategory.getOrDefault(i, "-"));
            StringBuilder elements = new StringBuilder("      elements:");
            for (EventElement el : e.elements()) {
                elements.append(' ')
                        .append(el.name())
                        .append('=')
                        .append(el.datatype())
                        .append(el.datatype() == MpitDatatype.CHAR ? "[" + el.length() + "]" : "")
                        .append('@')
                        .append(el.displacement());
            }
            out.println(elements);
            if (!e.description().isEmpty()) {
                out.println("      " + e.description());
            }
        }
    }

    private void noteEnum(@Nullable EnumType e) {
        if (e != null) {
            enums.putIfAbsent(mpit.enumGetInfo(e).name(), e);
        }
    }

    private String enumSuffix(@Nullable EnumType e) {
        return e == null ? "" : " enum=" + mpit.enumGetInfo(e).name();
    }
}
