package org.qmpi4j.mpit.library;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.MpitException;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;
import org.qmpi4j.api.mpit.Verbosity;

/**
 * The MPI library's own tool information interface, called through JNA: the library's indices,
 * names, codes and semantics, unchanged. The agent's registry shows these variables beside its own
 * (the glue is {@code org.qmpi4j.mpit.LibrarySource}).
 *
 * <p>The library's interface is initialised once, with {@code MPI_T_init_thread(MPI_THREAD_MULTIPLE)},
 * and never finalised: its indices then stay valid for the life of the process (the text promises
 * that only while the interface stays initialised), and the agent's own reference count decides what
 * a user's {@code MPI_T_FINALIZE} frees.
 *
 * <p>Every call into the library holds this object's lock: Open MPI serialises its MPI_T behind a
 * lock of its own, but nothing in the standard obliges a library to, and none of these calls is on
 * an MPI call's path. What the library returns is checked before it is used (constants against the
 * standard's ranges, member indices against the counts). {@link #open} keeps the JVM's signal
 * handlers across {@code MPI_T_init_thread} ({@link JvmSignalHandlers}).
 *
 * <p>One class because it is one library's interface: a short method per {@code MPI_T} routine the
 * registry uses, each a call through JNA and its return-code check, over the same native functions.
 */
public final class MpitLibrary {
    private static final int MPI_THREAD_MULTIPLE = 3;
    private static final int RTLD_NOW = 2;
    private static final int RTLD_GLOBAL = 0x100;

    private final String path;
    private final MpiTFunctions c;
    private final NativeDatatypes datatypes;
    private final LibraryEvents events;

    private MpitLibrary(String path, MpiTFunctions c, NativeDatatypes datatypes, LibraryEvents events) {
        this.path = path;
        this.c = c;
        this.datatypes = datatypes;
        this.events = events;
    }

    /**
     * Opens the library at {@code path} (already loaded by the binding, so this adds a reference)
     * and initialises its MPI_T.
     *
     * @throws IllegalStateException with the reason when it has no usable MPI_T
     */
    public static MpitLibrary open(String path) {
        Map<String, Object> options = new HashMap<>();
        // RTLD_GLOBAL as the binding itself loads it: Open MPI's components, opened by the library
        // later, resolve their symbols against it.
        options.put(Library.OPTION_OPEN_FLAGS, RTLD_NOW | RTLD_GLOBAL);
        NativeLibrary lib;
        try {
            lib = NativeLibrary.getInstance(path, options);
            lib.getFunction("MPI_T_init_thread");
        } catch (UnsatisfiedLinkError e) {
            throw new IllegalStateException(path + " has no MPI_T interface: " + e.getMessage(), e);
        }
        MpiTFunctions c = Native.load(path, MpiTFunctions.class, options);
        NativeDatatypes types = new NativeDatatypes(lib);
        if (!types.complete()) {
            throw new IllegalStateException(path + " is not an Open MPI library: its predefined datatypes "
                    + "(ompi_mpi_int, ...) are not all exported");
        }
        IntByReference provided = new IntByReference();
        JvmSignalHandlers jvmHandlers = JvmSignalHandlers.save();
        int rc = c.MPI_T_init_thread(MPI_THREAD_MULTIPLE, provided);
        if (jvmHandlers != null) {
            List<String> restored = jvmHandlers.restoreChanged();
            if (!restored.isEmpty()) {
                org.qmpi4j.api.internal.log.Log.agent()
                        .info("MPI_T: MPI_T_init_thread replaced the JVM's handlers of " + String.join(", ", restored)
                                + " (UCX does as its library loads); the JVM's are back");
            }
        }
        if (rc != 0) {
            throw new IllegalStateException(path + ": MPI_T_init_thread failed with code " + rc);
        }
        return new MpitLibrary(path, c, types, new LibraryEvents(lib));
    }

    /** Where the library was found. */
    public String path() {
        return path;
    }

    /** What the library offers of the MPI 4 events. */
    public LibraryEvents events() {
        return events;
    }

    // ---- counts ------------------------------------------------------------------------------------

    public synchronized int cvarCount() {
        return oneInt(c::MPI_T_cvar_get_num, "MPI_T_cvar_get_num", "the count");
    }

    public synchronized int pvarCount() {
        return oneInt(c::MPI_T_pvar_get_num, "MPI_T_pvar_get_num", "the count");
    }

    public synchronized int categoryCount() {
        return oneInt(c::MPI_T_category_get_num, "MPI_T_category_get_num", "the count");
    }

    /** {@code MPI_T_category_changed}: moves whenever the library adds something. */
    public synchronized int categoryStamp() {
        return oneInt(c::MPI_T_category_changed, "MPI_T_category_changed", "the stamp");
    }

    private static IntByReference ref() {
        return new IntByReference();
    }

    /** A routine whose one output is an int ({@code MPI_T_*_get_num}, {@code MPI_T_category_changed}). */
    private interface IntRoutine {
        int call(IntByReference out);
    }

    /** The int {@code routine} answers, once its return code is checked ({@code what}: for the error). */
    private static int oneInt(IntRoutine routine, String name, String what) {
        IntByReference n = ref();
        LibraryCodes.check(routine.call(n), name, what);
        return n.getValue();
    }

    // ---- metadata ----------------------------------------------------------------------------------

    /** What {@code MPI_T_cvar_get_info} says of control variable {@code index}. */
    public synchronized LibraryCvar cvar(int index) {
        return described((name, nameLen, desc, descLen) -> {
            IntByReference verbosity = ref();
            PointerByReference type = new PointerByReference();
            PointerByReference enumType = new PointerByReference();
            IntByReference bind = ref();
            IntByReference scope = ref();
            LibraryCodes.check(
                    c.MPI_T_cvar_get_info(index, name, nameLen, verbosity, type, enumType, desc, descLen, bind, scope),
                    "MPI_T_cvar_get_info",
                    "control variable " + index);
            String n = string(name);
            return new LibraryCvar(
                    index,
                    n,
                    ordinal(Verbosity.values(), verbosity.getValue(), "verbosity"),
                    datatypes.of(type.getValue(), n),
                    enumType.getValue(),
                    string(desc),
                    ordinal(BindType.values(), bind.getValue(), "bind type"),
                    ordinal(Scope.values(), scope.getValue(), "scope"));
        });
    }

    /** What {@code MPI_T_pvar_get_info} says of performance variable {@code index}. */
    public synchronized LibraryPvar pvar(int index) {
        return described((name, nameLen, desc, descLen) -> {
            IntByReference verbosity = ref();
            IntByReference varClass = ref();
            PointerByReference type = new PointerByReference();
            PointerByReference enumType = new PointerByReference();
            IntByReference bind = ref();
            IntByReference readonly = ref();
            IntByReference continuous = ref();
            IntByReference atomic = ref();
            LibraryCodes.check(
                    c.MPI_T_pvar_get_info(
                            index,
                            name,
                            nameLen,
                            verbosity,
                            varClass,
                            type,
                            enumType,
                            desc,
                            descLen,
                            bind,
                            readonly,
                            continuous,
                            atomic),
                    "MPI_T_pvar_get_info",
                    "performance variable " + index);
            String n = string(name);
            return new LibraryPvar(
                    index,
                    n,
                    ordinal(Verbosity.values(), verbosity.getValue(), "verbosity"),
                    ordinal(PvarClass.values(), varClass.getValue(), "variable class"),
                    datatypes.of(type.getValue(), n),
                    enumType.getValue(),
                    string(desc),
                    ordinal(BindType.values(), bind.getValue(), "bind type"),
                    readonly.getValue() != 0,
                    continuous.getValue() != 0,
                    atomic.getValue() != 0);
        });
    }

    /** A {@code MPI_T_*_get_info} call into the name and description buffers given, and what it says. */
    private interface InfoCall<T> {
        T call(byte[] name, IntByReference nameLen, byte[] desc, IntByReference descLen);
    }

    /**
     * What {@code info} says, called again with a four times larger description buffer while the
     * library says the description is longer than the buffer (up to 1 MiB), so that it is whole.
     */
    private static <T> T described(InfoCall<T> info) {
        for (int size = 1024; ; size *= 4) {
            byte[] name = new byte[256];
            byte[] desc = new byte[size];
            IntByReference nameLen = new IntByReference(name.length);
            IntByReference descLen = new IntByReference(desc.length);
            T said = info.call(name, nameLen, desc, descLen);
            if (descLen.getValue() <= desc.length || size >= (1 << 20)) {
                return said;
            }
        }
    }

    /** {@code MPI_T_category_get_info}. */
    public synchronized CategoryInfo category(int index) {
        byte[] name = new byte[256];
        byte[] desc = new byte[8192];
        IntByReference nc = ref();
        IntByReference np = ref();
        IntByReference ncat = ref();
        LibraryCodes.check(
                c.MPI_T_category_get_info(
                        index,
                        name,
                        new IntByReference(name.length),
                        desc,
                        new IntByReference(desc.length),
                        nc,
                        np,
                        ncat),
                "MPI_T_category_get_info",
                "category " + index);
        return new CategoryInfo(string(name), string(desc), nc.getValue(), np.getValue(), ncat.getValue());
    }

    /** The library's indices of the category's control variables. */
    public synchronized int[] categoryCvars(int index, int count) {
        return categoryMembers(index, count, c::MPI_T_category_get_cvars, "MPI_T_category_get_cvars");
    }

    public synchronized int[] categoryPvars(int index, int count) {
        return categoryMembers(index, count, c::MPI_T_category_get_pvars, "MPI_T_category_get_pvars");
    }

    public synchronized int[] categorySubcategories(int index, int count) {
        return categoryMembers(index, count, c::MPI_T_category_get_categories, "MPI_T_category_get_categories");
    }

    /** One of the three {@code MPI_T_category_get_*} routines that list a category's members' indices. */
    private interface CategoryMembers {
        int get(int index, int count, int[] out);
    }

    /** The {@code count} member indices of category {@code index}, as {@code routine} lists them. */
    private static int[] categoryMembers(int index, int count, CategoryMembers routine, String name) {
        int[] out = new int[count];
        if (count > 0) {
            LibraryCodes.check(routine.get(index, count, out), name, "category " + index);
        }
        return out;
    }

    /** The enumeration's name and items ({@code MPI_T_enum_get_info}, {@code _get_item}). */
    public synchronized String enumName(Pointer enumType) {
        byte[] name = new byte[256];
        IntByReference num = ref();
        LibraryCodes.check(
                c.MPI_T_enum_get_info(enumType, num, name, new IntByReference(name.length)),
                "MPI_T_enum_get_info",
                "an enumeration");
        return string(name);
    }

    public synchronized List<EnumItem> enumItems(Pointer enumType) {
        IntByReference num = ref();
        LibraryCodes.check(
                c.MPI_T_enum_get_info(enumType, num, null, new IntByReference(0)),
                "MPI_T_enum_get_info",
                "an enumeration");
        List<EnumItem> items = new ArrayList<>();
        for (int i = 0; i < num.getValue(); i++) {
            byte[] name = new byte[256];
            IntByReference value = ref();
            LibraryCodes.check(
                    c.MPI_T_enum_get_item(enumType, i, value, name, new IntByReference(name.length)),
                    "MPI_T_enum_get_item",
                    "an enumeration item");
            items.add(new EnumItem(value.getValue(), string(name)));
        }
        return items;
    }

    /**
     * The constant the library returned, checked: a value outside the standard's range makes the
     * variable unusable ({@code MPI_T_ERR_INVALID}, which the listing skips) instead of failing the
     * whole listing.
     */
    private static <E> E ordinal(E[] values, int value, String what) {
        if (value < 0 || value >= values.length) {
            throw new MpitException(ReturnCode.MPI_T_ERR_INVALID, "the library returned " + what + " " + value);
        }
        return values[value];
    }

    private static String string(byte[] nulTerminated) {
        int end = 0;
        while (end < nulTerminated.length && nulTerminated[end] != 0) {
            end++;
        }
        return new String(nulTerminated, 0, end, StandardCharsets.UTF_8);
    }

    // ---- control variable handles -----------------------------------------------------------------

    /**
     * {@code MPI_T_cvar_handle_alloc}; {@code objectHandle} is the C handle of the bound object
     * (ignored for variables bound to no object).
     */
    public synchronized NativeHandle cvarHandleAlloc(LibraryCvar v, long objectHandle) {
        PointerByReference handle = new PointerByReference();
        IntByReference count = ref();
        LibraryCodes.check(
                c.MPI_T_cvar_handle_alloc(v.index, objectPointer(v.bind, objectHandle), handle, count),
                "MPI_T_cvar_handle_alloc",
                v.name);
        return new NativeHandle(handle.getValue(), count.getValue(), v.nativeType);
    }

    public synchronized void cvarHandleFree(NativeHandle h) {
        LibraryCodes.check(
                c.MPI_T_cvar_handle_free(new PointerByReference(h.pointer)), "MPI_T_cvar_handle_free", "a handle");
    }

    public synchronized Object cvarRead(NativeHandle h, String name) {
        synchronized (h) {
            Memory buf = h.buffer();
            LibraryCodes.check(c.MPI_T_cvar_read(h.pointer, buf), "MPI_T_cvar_read", name);
            return NativeValues.read(buf, h.datatype, h.count);
        }
    }

    public synchronized void cvarWrite(NativeHandle h, Object value, String name) {
        synchronized (h) {
            Memory buf = h.buffer();
            NativeValues.write(buf, h.datatype, h.count, value);
            LibraryCodes.check(c.MPI_T_cvar_write(h.pointer, buf), "MPI_T_cvar_write", name);
        }
    }

    // ---- sessions and performance variable handles --------------------------------------------------

    public synchronized Pointer sessionCreate() {
        PointerByReference s = new PointerByReference();
        LibraryCodes.check(c.MPI_T_pvar_session_create(s), "MPI_T_pvar_session_create", "a session");
        return s.getValue();
    }

    public synchronized void sessionFree(Pointer session) {
        LibraryCodes.check(
                c.MPI_T_pvar_session_free(new PointerByReference(session)), "MPI_T_pvar_session_free", "a session");
    }

    public synchronized NativeHandle pvarHandleAlloc(Pointer session, LibraryPvar v, long objectHandle) {
        PointerByReference handle = new PointerByReference();
        IntByReference count = ref();
        LibraryCodes.check(
                c.MPI_T_pvar_handle_alloc(session, v.index, objectPointer(v.bind, objectHandle), handle, count),
                "MPI_T_pvar_handle_alloc",
                v.name);
        return new NativeHandle(handle.getValue(), count.getValue(), v.nativeType);
    }

    public synchronized void pvarHandleFree(Pointer session, NativeHandle h) {
        LibraryCodes.check(
                c.MPI_T_pvar_handle_free(session, new PointerByReference(h.pointer)),
                "MPI_T_pvar_handle_free",
                "a handle");
    }

    /** The C return code of {@code MPI_T_pvar_start}, for the caller to map (it knows the variable). */
    public synchronized int pvarStart(Pointer session, NativeHandle h) {
        return c.MPI_T_pvar_start(session, h.pointer);
    }

    public synchronized int pvarStop(Pointer session, NativeHandle h) {
        return c.MPI_T_pvar_stop(session, h.pointer);
    }

    public synchronized int pvarReset(Pointer session, NativeHandle h) {
        return c.MPI_T_pvar_reset(session, h.pointer);
    }

    /** Reads into the handle's buffer and returns the values in their Java form, or throws. */
    public synchronized Object pvarRead(Pointer session, NativeHandle h, boolean andReset, String name) {
        synchronized (h) {
            Memory buf = h.buffer();
            int rc = andReset
                    ? c.MPI_T_pvar_readreset(session, h.pointer, buf)
                    : c.MPI_T_pvar_read(session, h.pointer, buf);
            LibraryCodes.check(rc, andReset ? "MPI_T_pvar_readreset" : "MPI_T_pvar_read", name);
            return NativeValues.read(buf, h.datatype, h.count);
        }
    }

    public synchronized void pvarWrite(Pointer session, NativeHandle h, Object value, String name) {
        synchronized (h) {
            Memory buf = h.buffer();
            NativeValues.write(buf, h.datatype, h.count, value);
            LibraryCodes.check(c.MPI_T_pvar_write(session, h.pointer, buf), "MPI_T_pvar_write", name);
        }
    }

    /** C's {@code obj_handle} argument: a pointer to the bound object's handle, or NULL. */
    private static @Nullable Pointer objectPointer(BindType bind, long objectHandle) {
        if (bind == BindType.NO_OBJECT) {
            return null;
        }
        Memory m = new Memory(Native.POINTER_SIZE);
        m.setPointer(0, new Pointer(objectHandle));
        return m;
    }

    @Override
    public String toString() {
        return "MPI_T of " + path;
    }

    /** A C handle (control or performance variable) with its element count and a value buffer. */
    public static final class NativeHandle {
        final Pointer pointer;
        public final int count;
        final NativeType datatype;
        private @Nullable Memory buffer;

        NativeHandle(Pointer pointer, int count, NativeType datatype) {
            this.pointer = pointer;
            this.count = count;
            this.datatype = datatype;
        }

        synchronized Memory buffer() {
            if (buffer == null) {
                buffer = new Memory(Math.max(1, (long) count * datatype.bytes));
            }
            return buffer;
        }
    }
}
