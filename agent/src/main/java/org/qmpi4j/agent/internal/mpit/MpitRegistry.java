package org.qmpi4j.agent.internal.mpit;

import java.util.concurrent.atomic.AtomicInteger;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.EnumInfo;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.ThreadLevel;

/**
 * The MPI tool information interface of one MPI process: a facade, one line per routine, over the
 * parts that each hold one concern.
 * <ul>
 *   <li>{@link InterfaceState}: the {@code MPI_T_INIT_THREAD}/{@code MPI_T_FINALIZE} count; every
 *       routine but registration first checks it ({@link #initialized}).</li>
 *   <li>{@link VariableTables}: control and performance variables and enumerations, by index and
 *       by name.</li>
 *   <li>{@link CategoryTree}: categories and their members.</li>
 *   <li>{@link SessionsAndHandles}: sessions and handles, their limits and validity;
 *       {@link HandleOperations} what is done through them.</li>
 *   <li>{@link SourceGuards} and {@link Errors}: failures of sources become the text's codes.</li>
 * </ul>
 * Registration is serialised on this object, and so is {@link #categoryChanged}, so a change stamp
 * is always read wholly before or wholly after a registration.
 *
 * <p>The MPI_T events of MPI 4.0 (Section 14.3.8's event types, sources and callback
 * registrations) plug in as one more part beside these: a table of event types and sources, and
 * callback registrations that live in {@link SessionsAndHandles}' way, with one line per routine
 * here.
 */
public final class MpitRegistry implements MpiT {
    /** Defaults of the limits behind {@code MPI_T_ERR_OUT_OF_SESSIONS} and {@code _OUT_OF_HANDLES}. */
    public static final int DEFAULT_MAX_SESSIONS = SessionsAndHandles.DEFAULT_MAX_SESSIONS;

    public static final int DEFAULT_MAX_HANDLES = SessionsAndHandles.DEFAULT_MAX_HANDLES;

    private final InterfaceState state = new InterfaceState();
    private final VariableTables variables = new VariableTables();
    private final CategoryTree categories = new CategoryTree();
    private final SessionsAndHandles handles;
    private final AtomicInteger changeStamp = new AtomicInteger();

    public MpitRegistry(ObjectKinds objectKinds) {
        this.handles = new SessionsAndHandles(objectKinds);
    }

    // ---- for the agent: limits (its control variables set them), shutdown, listings --------------

    public int maxSessions() {
        return handles.maxSessions();
    }

    public int maxHandles() {
        return handles.maxHandles();
    }

    public void setMaxSessions(int max) {
        handles.setMaxSessions(max);
    }

    public void setMaxHandles(int max) {
        handles.setMaxHandles(max);
    }

    /** From the JVM's shutdown: no new initialisation ({@code MPI_T_ERR_CANNOT_INIT}). */
    public void beginShutdown() {
        state.beginShutdown();
    }

    /** The registered control variable's index by name, without needing an initialised interface. */
    public int cvarIndexOrMinusOne(String name) {
        return variables.cvarIndexOrMinusOne(name);
    }

    /** How many times {@link #initThread} is outstanding. */
    public int initCount() {
        return state.count();
    }

    /** The enumeration's item name for a value (for listings). */
    public static String itemName(EnumType e, int value) {
        return e instanceof EnumerationImpl ? ((EnumerationImpl) e).nameOf(value) : Integer.toString(value);
    }

    /** Fails with {@code MPI_T_ERR_NOT_INITIALIZED} unless the interface is initialised. */
    private void initialized() {
        state.requireInitialized();
    }

    /** A registration changed what categories show: the stamp moves (under this object's lock). */
    private int changed(int index) {
        changeStamp.incrementAndGet();
        return index;
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
        handles.whenLastUserFinalizes(state::finish);
    }

    // ---- 14.3.5 ---------------------------------------------------------------------------------

    @Override
    public EnumInfo enumGetInfo(EnumType enumType) {
        initialized();
        EnumerationImpl e = variables.enumeration(enumType);
        return new EnumInfo(e.name, e.items.size());
    }

    @Override
    public EnumItem enumGetItem(EnumType enumType, int index) {
        initialized();
        return variables.enumItem(enumType, index);
    }

    // ---- 14.3.6 ---------------------------------------------------------------------------------

    @Override
    public int cvarGetNum() {
        initialized();
        return variables.cvarCount();
    }

    @Override
    public CvarInfo cvarGetInfo(int cvarIndex) {
        initialized();
        return variables.cvar(cvarIndex).info;
    }

    @Override
    public int cvarGetIndex(String name) {
        initialized();
        return variables.cvarIndex(name);
    }

    @Override
    public CvarHandle cvarHandleAlloc(int cvarIndex, Object mpiObject) {
        initialized();
        return handles.allocate(variables.cvar(cvarIndex), mpiObject);
    }

    @Override
    public void cvarHandleFree(CvarHandle handle) {
        initialized();
        handles.free(handles.controlHandle(handle));
    }

    @Override
    public void cvarRead(CvarHandle handle, Object buffer) {
        initialized();
        HandleOperations.cvarRead(handles.controlHandle(handle), buffer);
    }

    @Override
    public void cvarWrite(CvarHandle handle, Object buffer) {
        initialized();
        HandleOperations.cvarWrite(handles.controlHandle(handle), buffer);
    }

    // ---- 14.3.7 ---------------------------------------------------------------------------------

    @Override
    public int pvarGetNum() {
        initialized();
        return variables.pvarCount();
    }

    @Override
    public PvarInfo pvarGetInfo(int pvarIndex) {
        initialized();
        return variables.pvar(pvarIndex).info;
    }

    @Override
    public int pvarGetIndex(String name, PvarClass varClass) {
        initialized();
        return variables.pvarIndex(name, varClass);
    }

    @Override
    public PvarSession pvarSessionCreate() {
        initialized();
        return handles.createSession();
    }

    @Override
    public void pvarSessionFree(PvarSession session) {
        initialized();
        handles.free(handles.session(session));
    }

    @Override
    public PvarHandle pvarHandleAlloc(PvarSession session, int pvarIndex, Object mpiObject) {
        initialized();
        SessionImpl s = handles.session(session);
        return handles.allocate(s, variables.pvar(pvarIndex), mpiObject);
    }

    @Override
    public void pvarHandleFree(PvarSession session, PvarHandle handle) {
        initialized();
        SessionImpl s = handles.session(session);
        handles.free(s, handles.handle(s, handle, "MPI_T_pvar_handle_free"));
    }

    @Override
    public void pvarStart(PvarSession session, PvarHandle handle) {
        initialized();
        HandleOperations.start(handles, handles.session(session), handle);
    }

    @Override
    public void pvarStop(PvarSession session, PvarHandle handle) {
        initialized();
        HandleOperations.stop(handles, handles.session(session), handle);
    }

    @Override
    public void pvarRead(PvarSession session, PvarHandle handle, Object buffer) {
        initialized();
        HandleOperations.read(handles.handle(handles.session(session), handle, "MPI_T_pvar_read"), buffer);
    }

    @Override
    public void pvarWrite(PvarSession session, PvarHandle handle, Object buffer) {
        initialized();
        HandleOperations.write(handles.handle(handles.session(session), handle, "MPI_T_pvar_write"), buffer);
    }

    @Override
    public void pvarReset(PvarSession session, PvarHandle handle) {
        initialized();
        HandleOperations.reset(handles, handles.session(session), handle);
    }

    @Override
    public void pvarReadReset(PvarSession session, PvarHandle handle, Object buffer) {
        initialized();
        HandleOperations.readReset(handles.handle(handles.session(session), handle, "MPI_T_pvar_readreset"), buffer);
    }

    // ---- 14.3.8 ---------------------------------------------------------------------------------

    @Override
    public int categoryGetNum() {
        initialized();
        return categories.count();
    }

    @Override
    public CategoryInfo categoryGetInfo(int catIndex) {
        initialized();
        return categories.info(catIndex);
    }

    @Override
    public int categoryGetIndex(String name) {
        initialized();
        return categories.index(name);
    }

    @Override
    public int[] categoryGetCvars(int catIndex) {
        initialized();
        return categories.cvars(catIndex);
    }

    @Override
    public int[] categoryGetPvars(int catIndex) {
        initialized();
        return categories.pvars(catIndex);
    }

    @Override
    public int[] categoryGetCategories(int catIndex) {
        initialized();
        return categories.subcategories(catIndex);
    }

    /**
     * Read under the lock every registration holds: a registration is then wholly before or wholly
     * after this call, so two equal stamps never straddle a half-done change (the text: equal stamps
     * guarantee "the category information has not changed between the two calls").
     */
    @Override
    public int categoryChanged() {
        initialized();
        synchronized (this) {
            return changeStamp.get();
        }
    }

    // ---- registration (works whether or not the interface is initialised) ------------------------

    @Override
    public synchronized EnumType registerEnum(String name, EnumItem... items) {
        return variables.registerEnum(name, items);
    }

    @Override
    public synchronized int registerCvar(CvarDefinition d) {
        return changed(variables.registerCvar(d));
    }

    @Override
    public synchronized int registerPvar(PvarDefinition d) {
        return changed(variables.registerPvar(d));
    }

    @Override
    public synchronized int registerCategory(String name, String description) {
        return changed(categories.register(name, description));
    }

    @Override
    public synchronized void categoryAddCvar(int catIndex, int cvarIndex) {
        categories.addCvar(catIndex, cvarIndex, variables::cvar);
        changed(catIndex);
    }

    @Override
    public synchronized void categoryAddPvar(int catIndex, int pvarIndex) {
        categories.addPvar(catIndex, pvarIndex, variables::pvar);
        changed(catIndex);
    }

    @Override
    public synchronized void categoryAddCategory(int catIndex, int childIndex) {
        categories.addCategory(catIndex, childIndex);
        changed(catIndex);
    }
}
