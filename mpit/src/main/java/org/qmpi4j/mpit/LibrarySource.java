package org.qmpi4j.mpit;

import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.CvarCell;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.mpit.library.LibraryCvar;
import org.qmpi4j.mpit.library.LibraryPvar;
import org.qmpi4j.mpit.library.MpitLibrary;

/**
 * The MPI library as the registry's second source. Its control variables, performance variables
 * and categories are appended to the registry's tables as the library reports them (the library
 * only ever adds, for example when {@code MPI_Init} opens components), so an index, once given,
 * keeps its meaning for the life of the process, and the library's names are kept as they are.
 * Handles and reads go to the library ({@link #allocate}, {@link LibraryPvarHandle}, the control
 * variables' cells).
 *
 * <p>{@link #sync} runs under the registry's registration lock.
 */
final class LibrarySource {
    private final LibraryLink link;
    private volatile @Nullable MpitLibrary library;
    private volatile String absence = "not looked for yet";
    /** The registry's index of each library index, per kind. */
    private final List<Integer> cvarIndex = new ArrayList<>();

    private final List<Integer> pvarIndex = new ArrayList<>();
    private final List<Integer> categoryIndex = new ArrayList<>();
    private final Map<Long, EnumerationImpl> enums = new HashMap<>();
    private int stamp = Integer.MIN_VALUE;
    /** In the index lists: a library index the library answers MPI_T_ERR_INVALID_INDEX for. */
    private static final int HOLE = -1;
    /** Which of the registry's indices are the library's, per kind. */
    private final java.util.BitSet cvarsOfLibrary = new java.util.BitSet();

    private final java.util.BitSet pvarsOfLibrary = new java.util.BitSet();
    private final java.util.BitSet categoriesOfLibrary = new java.util.BitSet();

    LibrarySource(LibraryLink link) {
        this.link = link;
    }

    @Nullable
    MpitLibrary library() {
        return library;
    }

    /** Why the library's variables are absent ({@code null} once they are shown). */
    @Nullable
    String absence() {
        return library == null ? absence : null;
    }

    int cvarCount() {
        return cvarIndex.size();
    }

    synchronized boolean isLibraryCvar(int index) {
        return cvarsOfLibrary.get(index);
    }

    synchronized boolean isLibraryPvar(int index) {
        return pvarsOfLibrary.get(index);
    }

    synchronized boolean isLibraryCategory(int index) {
        return categoriesOfLibrary.get(index);
    }

    private synchronized void mark(java.util.BitSet set, int index) {
        set.set(index);
    }

    int pvarCount() {
        return pvarIndex.size();
    }

    int categoryCount() {
        return categoryIndex.size();
    }

    /**
     * Looks for the library if it is not attached yet, then appends whatever it has added since the
     * last call. Never throws: a library that fails is reported as absent from then on.
     *
     * @return whether anything was added
     */
    boolean sync(VariableTables variables, CategoryTree categories) {
        MpitLibrary lib = library;
        if (lib == null) {
            try {
                lib = link.find();
            } catch (RuntimeException | LinkageError e) {
                tell("the MPI library's MPI_T could not be opened: " + e + nativeAccessHint(e));
                return false;
            }
            if (lib == null) {
                tell(link.absence());
                return false;
            }
            library = lib;
            org.qmpi4j.api.internal.log.Log.agent()
                    .info("MPI_T: the MPI library's own variables come from " + lib.path());
        }
        MpitLibrary attached = lib;
        try {
            int now = lib.categoryStamp();
            int cvars = lib.cvarCount();
            int pvars = lib.pvarCount();
            int cats = lib.categoryCount();
            if (now == stamp
                    && cvars == cvarIndex.size()
                    && pvars == pvarIndex.size()
                    && cats == categoryIndex.size()) {
                return false;
            }
            for (int i = cvarIndex.size(); i < cvars; i++) {
                int at = i;
                LibraryCvar v = valid(() -> attached.cvar(at));
                if (v == null) {
                    cvarIndex.add(HOLE);
                    continue;
                }
                int index = variables.addLibraryCvar(definition(lib, v, variables));
                cvarIndex.add(index);
                mark(cvarsOfLibrary, index);
            }
            for (int i = pvarIndex.size(); i < pvars; i++) {
                int at = i;
                LibraryPvar p = valid(() -> attached.pvar(at));
                if (p == null) {
                    pvarIndex.add(HOLE);
                    continue;
                }
                PvarInfo info = new PvarInfo(
                        p.name,
                        p.verbosity,
                        p.varClass,
                        p.datatype,
                        enumeration(lib, p.enumType, variables),
                        p.description,
                        p.bind,
                        p.readonly,
                        p.continuous,
                        p.atomic);
                int index = variables.addLibraryPvar(slot -> new PerformanceVariable(slot, info, this, p));
                pvarIndex.add(index);
                mark(pvarsOfLibrary, index);
            }
            for (int i = categoryIndex.size(); i < cats; i++) {
                int at = i;
                CategoryInfo info = valid(() -> attached.category(at));
                if (info == null) {
                    categoryIndex.add(HOLE);
                    continue;
                }
                int index = categories.addLibraryCategory(info.name(), info.description());
                categoryIndex.add(index);
                mark(categoriesOfLibrary, index);
            }
            for (int i = 0; i < cats; i++) {
                if (categoryIndex.get(i) != HOLE) {
                    int at = i;
                    CategoryInfo info = valid(() -> attached.category(at));
                    if (info != null) {
                        syncMembers(lib, i, info, categories.libraryCategory(categoryIndex.get(i)));
                    }
                }
            }
            stamp = now;
            return true;
        } catch (RuntimeException e) {
            // What was appended stays (indices never change); nothing more is taken from the library.
            tell("the MPI library's MPI_T failed while listing: " + e);
            return true;
        }
    }

    /**
     * The variable, or {@code null} for one the library no longer describes: Open MPI keeps the
     * indices of the variables of components it closed during {@code MPI_Init} (they still count in
     * {@code MPI_T_cvar_get_num}) but answers {@code MPI_T_ERR_INVALID_INDEX} for them (for
     * performance variables {@code MPI_T_ERR_INVALID}; categories alike). They are left out, so
     * every variable shown can be used; so is a variable of a C datatype Java cannot show.
     */
    private static <T> @Nullable T valid(java.util.function.Supplier<T> info) {
        try {
            return info.get();
        } catch (org.qmpi4j.mpit.library.UnknownDatatypeException e) {
            // One variable of a type Java cannot show must not hide all the others.
            org.qmpi4j.api.internal.log.Log.agent().info("MPI_T: left out: " + e.getMessage());
            return null;
        } catch (MpitException e) {
            if (e.code() == org.qmpi4j.api.mpit.ReturnCode.MPI_T_ERR_INVALID_INDEX
                    || e.code() == org.qmpi4j.api.mpit.ReturnCode.MPI_T_ERR_INVALID) {
                return null;
            }
            throw e;
        }
    }

    /** Records why the library is absent; said once per reason when verbose. */
    /**
     * JDK 24+ can refuse JNA's {@code System.load} ({@code --illegal-native-access=deny}, a later
     * default); JNA's class initialiser then fails and later uses name only JNA's class, so say
     * what the user can change. Shown when JNA failed to link and this code's module (the agent's
     * class loader, JNA's too) lacks native access; {@code Module.isNativeAccessEnabled} exists
     * from JDK 22, before which nothing refuses.
     */
    static String nativeAccessHint(Throwable e) {
        if (!(e instanceof LinkageError)) {
            return "";
        }
        try {
            Object enabled = Module.class.getMethod("isNativeAccessEnabled").invoke(LibrarySource.class.getModule());
            if (Boolean.FALSE.equals(enabled)) {
                return "; if the JVM refuses native access (JDK 24+, --illegal-native-access=deny),"
                        + " run java with --enable-native-access=ALL-UNNAMED";
            }
        } catch (ReflectiveOperationException | RuntimeException beforeJdk22) {
            // nothing to say
        }
        return "";
    }

    private void tell(String why) {
        if (!why.equals(absence)) {
            absence = why;
            org.qmpi4j.api.internal.log.Log.agent().info("MPI_T: the MPI library's variables are not shown: " + why);
        }
    }

    /** The library only appends to a category: take the new tail, in the registry's indices. */
    private void syncMembers(MpitLibrary lib, int libraryIndex, CategoryInfo info, Category c) {
        if (info.numCvars() > c.cvarsSeen) {
            int[] members = lib.categoryCvars(libraryIndex, info.numCvars());
            addMapped(c.cvars, members, cvarIndex, c.cvarsSeen);
            c.cvarsSeen = members.length;
        }
        if (info.numPvars() > c.pvarsSeen) {
            int[] members = lib.categoryPvars(libraryIndex, info.numPvars());
            addMapped(c.pvars, members, pvarIndex, c.pvarsSeen);
            c.pvarsSeen = members.length;
        }
        if (info.numCategories() > c.categoriesSeen) {
            int[] members = lib.categorySubcategories(libraryIndex, info.numCategories());
            addMapped(c.categories, members, categoryIndex, c.categoriesSeen);
            c.categoriesSeen = members.length;
        }
    }

    /** Appends the members from {@code from} on, in the registry's indices, leaving out holes. */
    private static void addMapped(List<Integer> to, int[] members, List<Integer> map, int from) {
        for (int k = from; k < members.length; k++) {
            int m = members[k];
            int index = m >= 0 && m < map.size() ? map.get(m) : HOLE;
            if (index != HOLE) {
                to.add(index);
            }
        }
    }

    private CvarDefinition definition(MpitLibrary lib, LibraryCvar v, VariableTables variables) {
        CvarDefinition.Builder b = CvarDefinition.builder(v.name, v.datatype)
                .verbosity(v.verbosity)
                .description(v.description)
                .bind(v.bind)
                .scope(v.scope)
                .source(object -> cell(lib, v, object));
        EnumType e = enumeration(lib, v.enumType, variables);
        try {
            return b.enumType(e).build();
        } catch (MpitException notForThisType) {
            return b.enumType(null).build(); // the standard allows enumerations for MPI_INT only
        }
    }

    private @Nullable EnumType enumeration(MpitLibrary lib, @Nullable Pointer enumType, VariableTables variables) {
        if (enumType == null) {
            return null;
        }
        return enums.computeIfAbsent(Pointer.nativeValue(enumType), address -> {
            try {
                return variables.libraryEnum(lib.enumName(enumType), lib.enumItems(enumType));
            } catch (MpitException invalid) {
                return null; // no items, or two items of one name: shown without its enumeration
            }
        });
    }

    private CvarCell cell(MpitLibrary lib, LibraryCvar v, @Nullable Object object) {
        MpitLibrary.NativeHandle h = lib.cvarHandleAlloc(v, objectHandle(v.bind, object));
        return new CvarCell() {
            @Override
            public int count() {
                return h.count;
            }

            @Override
            public Object read() {
                return lib.cvarRead(h, v.name);
            }

            @Override
            public void write(Object value) {
                lib.cvarWrite(h, value, v.name);
            }

            @Override
            public void free() {
                lib.cvarHandleFree(h);
            }
        };
    }

    /** A handle of a library performance variable in session {@code s} (called by SessionsAndHandles). */
    SessionHandle allocate(SessionImpl s, PerformanceVariable v, @Nullable Object object) {
        MpitLibrary lib = java.util.Objects.requireNonNull(library);
        LibraryPvar p = java.util.Objects.requireNonNull(v.libraryVariable);
        Pointer cSession = s.librarySession(lib);
        MpitLibrary.NativeHandle h = lib.pvarHandleAlloc(cSession, p, objectHandle(p.bind, object));
        return new LibraryPvarHandle(s, v, lib, cSession, h);
    }

    private long objectHandle(BindType bind, @Nullable Object object) {
        if (bind == BindType.NO_OBJECT || object == null) {
            return 0;
        }
        return link.nativeHandle(bind, object);
    }
}
