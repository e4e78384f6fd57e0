package org.qmpi4j.agent.internal.mpit;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.CvarCell;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.EnumInfo;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.PvarCell;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * The MPI tool information interface of one MPI process. Variables, categories and enumerations
 * live in append-only lists, so an index, once given, means the same thing for the rest of the
 * run; lookups never lock. Sessions and handles are checked on every use (freed, foreign, null,
 * wrong session) and answer the text's codes.
 */
public final class MpitRegistry implements MpiT {
    /** Defaults of the limits behind {@code MPI_T_ERR_OUT_OF_SESSIONS} and {@code _OUT_OF_HANDLES}. */
    public static final int DEFAULT_MAX_SESSIONS = 1024;
    public static final int DEFAULT_MAX_HANDLES = 65536;

    private final InterfaceState state = new InterfaceState();
    private final ObjectKinds objectKinds;

    private final CopyOnWriteArrayList<ControlVariable> cvars = new CopyOnWriteArrayList<>();
    private final Map<String, ControlVariable> cvarsByName = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<PerformanceVariable> pvars = new CopyOnWriteArrayList<>();
    private final Map<String, PerformanceVariable> pvarsByKey = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<Category> categories = new CopyOnWriteArrayList<>();
    private final Map<String, Category> categoriesByName = new ConcurrentHashMap<>();
    private final Map<String, EnumerationImpl> enumsByName = new ConcurrentHashMap<>();
    private final AtomicInteger changeStamp = new AtomicInteger();

    private final Object handleLock = new Object();
    private final List<SessionImpl> sessions = new CopyOnWriteArrayList<>();
    private final List<ControlHandle> cvarHandles = new CopyOnWriteArrayList<>();
    private int liveHandles; // guarded by handleLock
    private int nextSessionId = 1; // guarded by handleLock
    private volatile int maxSessions = DEFAULT_MAX_SESSIONS;
    private volatile int maxHandles = DEFAULT_MAX_HANDLES;

    public MpitRegistry(ObjectKinds objectKinds) {
        this.objectKinds = objectKinds;
    }

    // ---- limits (the agent's control variables set them) ---------------------------------------

    public int maxSessions() { return maxSessions; }
    public int maxHandles() { return maxHandles; }

    public void setMaxSessions(int max) {
        if (max < 1) {
            throw Errors.invalid("the session limit must be at least 1, not " + max);
        }
        maxSessions = max;
    }

    public void setMaxHandles(int max) {
        if (max < 1) {
            throw Errors.invalid("the handle limit must be at least 1, not " + max);
        }
        maxHandles = max;
    }

    /** From the JVM's shutdown: no new initialisation ({@code MPI_T_ERR_CANNOT_INIT}). */
    public void beginShutdown() {
        state.beginShutdown();
    }

    // ---- 14.3.4 ---------------------------------------------------------------------------------

    @Override
    public ThreadLevel initThread(ThreadLevel required) {
        if (required == null) {
            throw Errors.invalid("required thread level missing");
        }
        state.init();
        return ThreadLevel.MULTIPLE;
    }

    @Override
    public void finalizeInterface() {
        // The count's last step down and the freeing of that use's sessions and handles are one step
        // under handleLock, which creating sessions and handles takes too: a user that initialises
        // meanwhile cannot create a session that this finalize then frees.
        synchronized (handleLock) {
            if (state.finish()) {
                freeEverything();
            }
        }
    }

    /** When the last user finalises: sessions and handles of the finished use are gone. */
    private void freeEverything() {
        synchronized (handleLock) {
            for (SessionImpl s : sessions) {
                for (PerformanceHandle h : s.free()) {
                    h.free();
                }
            }
            sessions.clear();
            for (ControlHandle h : cvarHandles) {
                h.free();
            }
            cvarHandles.clear();
            liveHandles = 0;
        }
    }

    // ---- 14.3.5 ---------------------------------------------------------------------------------

    @Override
    public EnumInfo enumGetInfo(EnumType enumType) {
        state.requireInitialized();
        EnumerationImpl e = enumeration(enumType);
        return new EnumInfo(e.name, e.items.size());
    }

    @Override
    public EnumItem enumGetItem(EnumType enumType, int index) {
        state.requireInitialized();
        EnumerationImpl e = enumeration(enumType);
        if (index < 0 || index >= e.items.size()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_ITEM,
                    "enumeration " + e.name + " has items 0.." + (e.items.size() - 1) + ", not " + index);
        }
        return e.items.get(index);
    }

    private EnumerationImpl enumeration(EnumType enumType) {
        if (!(enumType instanceof EnumerationImpl) || ((EnumerationImpl) enumType).owner != this) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    enumType == null ? "MPI_T_ENUM_NULL is not an enumeration" : "not an enumeration of this process");
        }
        return (EnumerationImpl) enumType;
    }

    // ---- 14.3.6 ---------------------------------------------------------------------------------

    @Override
    public int cvarGetNum() {
        state.requireInitialized();
        return cvars.size();
    }

    @Override
    public CvarInfo cvarGetInfo(int cvarIndex) {
        state.requireInitialized();
        return cvar(cvarIndex).info;
    }

    @Override
    public int cvarGetIndex(String name) {
        state.requireInitialized();
        ControlVariable v = name == null ? null : cvarsByName.get(name);
        if (v == null) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "no control variable named " + name);
        }
        return v.index;
    }

    private ControlVariable cvar(int index) {
        List<ControlVariable> all = cvars;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    "control variable index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }

    @Override
    public CvarHandle cvarHandleAlloc(int cvarIndex, Object mpiObject) {
        state.requireInitialized();
        ControlVariable v = cvar(cvarIndex);
        Object object = boundObject(v.definition.bind(), mpiObject, v.name());
        synchronized (handleLock) {
            reserveHandle();
            try {
                CvarCell cell = v.definition.source().bind(object);
                int count = cell.count();
                checkCount(count, v.name());
                ControlHandle h = new ControlHandle(this, v, cell, count);
                cvarHandles.add(h);
                return h;
            } catch (OutOfMemoryError e) {
                liveHandles--;
                throw Errors.memory("a handle for " + v.name(), e);
            } catch (IllegalArgumentException e) {
                liveHandles--;
                throw Errors.invalid(v.name() + " cannot be bound to " + object + ": " + e.getMessage());
            } catch (RuntimeException e) {
                liveHandles--;
                throw Errors.sourceFailed(v.name(), e);
            }
        }
    }

    @Override
    public void cvarHandleFree(CvarHandle handle) {
        state.requireInitialized();
        ControlHandle h = controlHandle(handle);
        synchronized (handleLock) {
            if (!cvarHandles.remove(h)) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the handle was already freed");
            }
            liveHandles--;
            h.free();
        }
    }

    @Override
    public void cvarRead(CvarHandle handle, Object buffer) {
        state.requireInitialized();
        ControlHandle h = controlHandle(handle);
        CvarDefinition d = h.variable.definition;
        Values.checkBuffer(d.datatype(), h.count, buffer, d.name());
        Object value;
        try {
            value = h.cell.read();
        } catch (RuntimeException e) {
            throw Errors.sourceFailed(d.name(), e);
        }
        Values.cvarToBuffer(d.datatype(), h.count, value, buffer, d.name());
    }

    @Override
    public void cvarWrite(CvarHandle handle, Object buffer) {
        state.requireInitialized();
        ControlHandle h = controlHandle(handle);
        CvarDefinition d = h.variable.definition;
        Values.checkBuffer(d.datatype(), h.count, buffer, d.name());
        if (!d.scope().mayBeWritable()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_CVAR_SET_NEVER, d.name() + " has scope " + d.scope());
        }
        Object value = Values.cvarFromBuffer(d.datatype(), h.count, buffer, d.name());
        try {
            h.cell.write(value);
        } catch (RuntimeException e) {
            throw Errors.sourceFailed(d.name(), e);
        }
    }

    private ControlHandle controlHandle(CvarHandle handle) {
        if (!(handle instanceof ControlHandle) || ((ControlHandle) handle).owner != this) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    handle == null ? "MPI_T_CVAR_HANDLE_NULL" : "not a control variable handle of this process");
        }
        ControlHandle h = (ControlHandle) handle;
        if (h.isFreed()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the handle was freed");
        }
        return h;
    }

    // ---- 14.3.7 ---------------------------------------------------------------------------------

    @Override
    public int pvarGetNum() {
        state.requireInitialized();
        return pvars.size();
    }

    @Override
    public PvarInfo pvarGetInfo(int pvarIndex) {
        state.requireInitialized();
        return pvar(pvarIndex).info;
    }

    @Override
    public int pvarGetIndex(String name, PvarClass varClass) {
        state.requireInitialized();
        if (varClass == null) {
            throw Errors.invalid("no variable class given");
        }
        PerformanceVariable v = name == null ? null : pvarsByKey.get(PerformanceVariable.key(name, varClass));
        if (v == null) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME,
                    "no performance variable named " + name + " of class " + varClass);
        }
        return v.index;
    }

    private PerformanceVariable pvar(int index) {
        List<PerformanceVariable> all = pvars;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    "performance variable index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }

    @Override
    public PvarSession pvarSessionCreate() {
        state.requireInitialized();
        synchronized (handleLock) {
            if (sessions.size() >= maxSessions) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_OUT_OF_SESSIONS, sessions.size()
                        + " sessions are open (limit: control variable qmpi4j_mpit_max_sessions)");
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

    @Override
    public void pvarSessionFree(PvarSession session) {
        state.requireInitialized();
        SessionImpl s = session(session);
        synchronized (handleLock) {
            if (!sessions.remove(s)) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_SESSION, "the session was already freed");
            }
            for (PerformanceHandle h : s.free()) {
                h.free();
                liveHandles--;
            }
        }
    }

    @Override
    public PvarHandle pvarHandleAlloc(PvarSession session, int pvarIndex, Object mpiObject) {
        state.requireInitialized();
        SessionImpl s = session(session);
        PerformanceVariable v = pvar(pvarIndex);
        String name = v.definition.name();
        Object object = boundObject(v.definition.bind(), mpiObject, name);
        PerformanceHandle h;
        synchronized (handleLock) {
            reserveHandle();
            try {
                PvarCell cell = v.definition.source().bind(object);
                int count = cell.count();
                checkCount(count, name);
                h = PerformanceHandle.create(s, v, cell, count);
                h.allocated();
            } catch (OutOfMemoryError e) {
                liveHandles--;
                throw Errors.memory("a handle for " + name, e);
            } catch (IllegalArgumentException e) {
                liveHandles--;
                throw Errors.invalid(name + " cannot be bound to " + object + ": " + e.getMessage());
            } catch (RuntimeException e) {
                liveHandles--;
                throw Errors.sourceFailed(name, e);
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

    @Override
    public void pvarHandleFree(PvarSession session, PvarHandle handle) {
        state.requireInitialized();
        SessionImpl s = session(session);
        PerformanceHandle h = handle(s, handle, "MPI_T_pvar_handle_free");
        synchronized (handleLock) {
            if (!s.remove(h)) {
                throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "the handle was already freed");
            }
            liveHandles--;
        }
        h.free();
    }

    @Override
    public void pvarStart(PvarSession session, PvarHandle handle) {
        state.requireInitialized();
        SessionImpl s = session(session);
        if (handle == PvarHandle.ALL_HANDLES) {
            forAll(s, h -> !h.continuous(), PerformanceHandle::start, ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, "started");
            return;
        }
        PerformanceHandle h = handle(s, handle, "MPI_T_pvar_start");
        if (!guarded(h, h::start)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP,
                    h.definition.name() + " is continuous: it cannot be started or stopped");
        }
    }

    @Override
    public void pvarStop(PvarSession session, PvarHandle handle) {
        state.requireInitialized();
        SessionImpl s = session(session);
        if (handle == PvarHandle.ALL_HANDLES) {
            forAll(s, h -> !h.continuous(), PerformanceHandle::stop, ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP, "stopped");
            return;
        }
        PerformanceHandle h = handle(s, handle, "MPI_T_pvar_stop");
        if (!guarded(h, h::stop)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_PVAR_NO_STARTSTOP,
                    h.definition.name() + " is continuous: it cannot be started or stopped");
        }
    }

    @Override
    public void pvarRead(PvarSession session, PvarHandle handle, Object buffer) {
        state.requireInitialized();
        PerformanceHandle h = handle(session(session), handle, "MPI_T_pvar_read");
        guarded(h, () -> {
            h.read(buffer);
            return true;
        });
    }

    @Override
    public void pvarWrite(PvarSession session, PvarHandle handle, Object buffer) {
        state.requireInitialized();
        PerformanceHandle h = handle(session(session), handle, "MPI_T_pvar_write");
        guarded(h, () -> {
            h.write(buffer);
            return true;
        });
    }

    @Override
    public void pvarReset(PvarSession session, PvarHandle handle) {
        state.requireInitialized();
        SessionImpl s = session(session);
        if (handle == PvarHandle.ALL_HANDLES) {
            forAll(s, h -> !h.definition.readonly(), PerformanceHandle::reset, ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, "reset");
            return;
        }
        PerformanceHandle h = handle(s, handle, "MPI_T_pvar_reset");
        if (!guarded(h, h::reset)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_PVAR_NO_WRITE, h.definition.name() + " is read-only");
        }
    }

    @Override
    public void pvarReadReset(PvarSession session, PvarHandle handle, Object buffer) {
        state.requireInitialized();
        PerformanceHandle h = handle(session(session), handle, "MPI_T_pvar_readreset");
        guarded(h, () -> {
            h.readReset(buffer);
            return true;
        });
    }

    /**
     * {@code MPI_T_PVAR_ALL_HANDLES}: applies {@code op} to every handle of the session it concerns
     * (the others are ignored, as the text says), then fails with {@code code} if any could not be done.
     */
    private static void forAll(SessionImpl s, java.util.function.Predicate<PerformanceHandle> concerns,
            java.util.function.Predicate<PerformanceHandle> op, ReturnCode code, String done) {
        int failed = 0;
        for (PerformanceHandle h : s.handles()) {
            if (!concerns.test(h)) {
                continue;
            }
            try {
                if (!op.test(h)) {
                    failed++;
                }
            } catch (RuntimeException e) {
                failed++;
            }
        }
        if (failed > 0) {
            throw Errors.fail(code, failed + " handle(s) of the session could not be " + done);
        }
    }

    /** Runs a handle operation; a failing source surfaces as an error code, never as a crash. */
    private static boolean guarded(PerformanceHandle h, java.util.function.BooleanSupplier op) {
        try {
            return op.getAsBoolean();
        } catch (RuntimeException e) {
            throw Errors.sourceFailed(h.definition.name(), e);
        }
    }

    private SessionImpl session(PvarSession session) {
        if (!(session instanceof SessionImpl) || ((SessionImpl) session).owner != this) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_SESSION,
                    session == null ? "MPI_T_PVAR_SESSION_NULL" : "not a session of this process");
        }
        SessionImpl s = (SessionImpl) session;
        if (s.isFreed()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_SESSION, "the session was freed");
        }
        return s;
    }

    /** The handle, if it is a live handle of {@code s} (the text: otherwise MPI_T_ERR_INVALID_HANDLE). */
    private static PerformanceHandle handle(SessionImpl s, PvarHandle handle, String routine) {
        if (handle == PvarHandle.ALL_HANDLES) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    "MPI_T_PVAR_ALL_HANDLES cannot be used with " + routine);
        }
        if (!(handle instanceof PerformanceHandle)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE,
                    handle == null ? "MPI_T_PVAR_HANDLE_NULL" : "not a performance variable handle");
        }
        PerformanceHandle h = (PerformanceHandle) handle;
        if (!s.owns(h)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_HANDLE, h.isFreed() ? "the handle was freed"
                    : "the handle belongs to another session");
        }
        return h;
    }

    private void reserveHandle() {
        if (liveHandles >= maxHandles) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_OUT_OF_HANDLES,
                    liveHandles + " handles are allocated (limit: control variable qmpi4j_mpit_max_handles)");
        }
        liveHandles++;
    }

    private static void checkCount(int count, String name) {
        if (count < 1) {
            throw new IllegalStateException("the source of " + name + " reported " + count + " elements");
        }
    }

    private Object boundObject(BindType bind, Object mpiObject, String name) {
        if (bind == BindType.NO_OBJECT) {
            return null; // the text: the object argument is ignored
        }
        if (mpiObject == null) {
            throw Errors.invalid(name + " must be bound to an object of kind " + bind);
        }
        if (!objectKinds.isKind(bind, mpiObject)) {
            throw Errors.invalid(name + " is bound to " + bind + "; " + mpiObject.getClass().getName() + " is not one");
        }
        return mpiObject;
    }

    // ---- 14.3.8 ---------------------------------------------------------------------------------

    @Override
    public int categoryGetNum() {
        state.requireInitialized();
        return categories.size();
    }

    @Override
    public CategoryInfo categoryGetInfo(int catIndex) {
        state.requireInitialized();
        Category c = category(catIndex);
        return new CategoryInfo(c.name, c.description, c.cvars.size(), c.pvars.size(), c.categories.size());
    }

    @Override
    public int categoryGetIndex(String name) {
        state.requireInitialized();
        Category c = name == null ? null : categoriesByName.get(name);
        if (c == null) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "no category named " + name);
        }
        return c.index;
    }

    @Override
    public int[] categoryGetCvars(int catIndex) {
        state.requireInitialized();
        return Category.toArray(category(catIndex).cvars);
    }

    @Override
    public int[] categoryGetPvars(int catIndex) {
        state.requireInitialized();
        return Category.toArray(category(catIndex).pvars);
    }

    @Override
    public int[] categoryGetCategories(int catIndex) {
        state.requireInitialized();
        return Category.toArray(category(catIndex).categories);
    }

    @Override
    public int categoryChanged() {
        state.requireInitialized();
        // Read under the lock every registration holds: a registration is then wholly before or wholly
        // after this call, so two equal stamps never straddle a half-done change (the text: equal stamps
        // guarantee "the category information has not changed between the two calls").
        synchronized (this) {
            return changeStamp.get();
        }
    }

    private Category category(int index) {
        List<Category> all = categories;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    "category index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }

    // ---- registration ---------------------------------------------------------------------------

    @Override
    public synchronized EnumType registerEnum(String name, EnumItem... items) {
        requireName(name, "an enumeration");
        if (enumsByName.containsKey(name)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "an enumeration named " + name + " exists");
        }
        // Arrays.asList, not List.of: a null item must reach EnumerationImpl's check (MPI_T_ERR_INVALID).
        EnumerationImpl e = new EnumerationImpl(this, name, items == null ? List.of() : java.util.Arrays.asList(items));
        enumsByName.put(name, e);
        return e;
    }

    @Override
    public synchronized int registerCvar(CvarDefinition d) {
        if (d == null) {
            throw Errors.invalid("no definition");
        }
        if (cvarsByName.containsKey(d.name())) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "a control variable named " + d.name() + " exists");
        }
        checkEnum(d.enumType(), d.name());
        ControlVariable v = new ControlVariable(cvars.size(), d);
        cvars.add(v);
        cvarsByName.put(d.name(), v);
        changeStamp.incrementAndGet();
        return v.index;
    }

    @Override
    public synchronized int registerPvar(PvarDefinition d) {
        if (d == null) {
            throw Errors.invalid("no definition");
        }
        String key = PerformanceVariable.key(d.name(), d.varClass());
        if (pvarsByKey.containsKey(key)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME,
                    "a performance variable named " + d.name() + " of class " + d.varClass() + " exists");
        }
        checkEnum(d.enumType(), d.name());
        PerformanceVariable v = new PerformanceVariable(pvars.size(), d);
        pvars.add(v);
        pvarsByKey.put(key, v);
        changeStamp.incrementAndGet();
        return v.index;
    }

    private void checkEnum(EnumType e, String variable) {
        if (e != null && (!(e instanceof EnumerationImpl) || ((EnumerationImpl) e).owner != this)) {
            throw Errors.invalid(variable + ": its enumeration is not one of this process");
        }
    }

    @Override
    public synchronized int registerCategory(String name, String description) {
        requireName(name, "a category");
        if (categoriesByName.containsKey(name)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "a category named " + name + " exists");
        }
        Category c = new Category(categories.size(), name, description == null ? "" : description);
        categories.add(c);
        categoriesByName.put(name, c);
        changeStamp.incrementAndGet();
        return c.index;
    }

    @Override
    public synchronized void categoryAddCvar(int catIndex, int cvarIndex) {
        Category c = category(catIndex);
        cvar(cvarIndex);
        if (c.cvars.contains(cvarIndex)) {
            throw Errors.invalid("category " + c.name + " already contains control variable " + cvarIndex);
        }
        c.cvars.add(cvarIndex);
        changeStamp.incrementAndGet();
    }

    @Override
    public synchronized void categoryAddPvar(int catIndex, int pvarIndex) {
        Category c = category(catIndex);
        pvar(pvarIndex);
        if (c.pvars.contains(pvarIndex)) {
            throw Errors.invalid("category " + c.name + " already contains performance variable " + pvarIndex);
        }
        c.pvars.add(pvarIndex);
        changeStamp.incrementAndGet();
    }

    @Override
    public synchronized void categoryAddCategory(int catIndex, int childIndex) {
        Category parent = category(catIndex);
        Category child = category(childIndex);
        if (parent.categories.contains(childIndex)) {
            throw Errors.invalid("category " + parent.name + " already contains " + child.name);
        }
        if (reaches(child, catIndex)) {
            throw Errors.invalid("category " + child.name + " cannot go into " + parent.name
                    + ": a category may not contain itself, directly or through others");
        }
        parent.categories.add(childIndex);
        changeStamp.incrementAndGet();
    }

    /** Whether {@code from} is, or contains directly or transitively, category {@code target}. */
    private boolean reaches(Category from, int target) {
        if (from.index == target) {
            return true;
        }
        for (int sub : from.categories) {
            if (reaches(categories.get(sub), target)) {
                return true;
            }
        }
        return false;
    }

    private static void requireName(String name, String what) {
        if (name == null || name.isEmpty()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, what + " needs a name");
        }
    }

    // ---- for the agent --------------------------------------------------------------------------

    /** The registered control variable's info by name, without needing an initialised interface. */
    public int cvarIndexOrMinusOne(String name) {
        ControlVariable v = cvarsByName.get(name);
        return v == null ? -1 : v.index;
    }

    /** How many times {@link #initThread} is outstanding. */
    public int initCount() {
        return state.count();
    }

    /** The enumeration's item name for a value (for listings). */
    public static String itemName(EnumType e, int value) {
        return e instanceof EnumerationImpl ? ((EnumerationImpl) e).nameOf(value) : Integer.toString(value);
    }
}
