package org.qmpi4j.mpit;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.CallbackSafety;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.CvarHandle;
import org.qmpi4j.api.mpit.CvarInfo;
import org.qmpi4j.api.mpit.EnumInfo;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.EventCallback;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventDroppedHandler;
import org.qmpi4j.api.mpit.EventFreeCallback;
import org.qmpi4j.api.mpit.EventInfo;
import org.qmpi4j.api.mpit.EventInstance;
import org.qmpi4j.api.mpit.EventRegistration;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.MpiT;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarHandle;
import org.qmpi4j.api.mpit.PvarInfo;
import org.qmpi4j.api.mpit.PvarSession;
import org.qmpi4j.api.mpit.SourceInfo;
import org.qmpi4j.api.mpit.SourceOrder;
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
 * <p>The MPI_T events (MPI 4.1 Section 15.3.8) are parts of the same kind:
 * <ul>
 *   <li>{@link EventSources}: sources with their monotonic clocks and order.</li>
 *   <li>{@link EventTypes}: event types by index and name, each with its registrations.</li>
 *   <li>{@link EventRegistrations}: registrations bound to objects, their callbacks per safety
 *       level, and freeing them.</li>
 *   <li>{@link EventDelivery}: raising, reading instances during callbacks, dropped events and
 *       contained faults.</li>
 * </ul>
 *
 * <p>Why one file of this length: it is the one class that implements {@link MpiT}, whose every
 * routine it must declare, and it holds little logic of its own: one short method per routine, each
 * the initialisation check and a call into one of the parts above, where the work is. The few
 * methods only the agent calls (limits, shutdown, the library's variables for listings) come first,
 * then the routines grouped by the text's sections, then registration.
 */
public final class MpitRegistry implements MpiT {
    /** Defaults of the limits behind {@code MPI_T_ERR_OUT_OF_SESSIONS} and {@code _OUT_OF_HANDLES}. */
    public static final int DEFAULT_MAX_SESSIONS = SessionsAndHandles.DEFAULT_MAX_SESSIONS;

    public static final int DEFAULT_MAX_HANDLES = SessionsAndHandles.DEFAULT_MAX_HANDLES;

    private final InterfaceState state = new InterfaceState();
    private final VariableTables variables = new VariableTables();
    private final CategoryTree categories = new CategoryTree();
    private final SessionsAndHandles handles;
    private final EventSources sources = new EventSources();
    private final EventTypes eventTypes = new EventTypes();
    private final EventRegistrations registrations;
    private final EventDelivery delivery = new EventDelivery();
    private final AtomicInteger changeStamp = new AtomicInteger();
    private volatile LibrarySource library =
            new LibrarySource(LibraryLink.none("no MPI binding is known to this registry"));

    public MpitRegistry(ObjectKinds objectKinds) {
        this.handles = new SessionsAndHandles(objectKinds);
        this.registrations = new EventRegistrations(objectKinds, handles::maxHandles);
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

    /** How many event callbacks, free callbacks and dropped handlers threw (each contained). */
    public long eventCallbackFaults() {
        return delivery.faults();
    }

    /** Where contained faults of event callbacks are reported (default: the agent's log). */
    public void reportEventFaultsTo(org.qmpi4j.api.internal.log.Log log) {
        delivery.reportTo(log);
    }

    /**
     * Adds an event type whose {@code demand} hears +1 when its first registration gets a callback
     * and -1 when the last with one is freed or loses it: the agent keeps the functions its events
     * need relinked only then.
     */
    public synchronized EventType registerEventType(EventDefinition d, IntConsumer demand) {
        return changedType(eventTypes.register(d, sources, variables, delivery, demand));
    }

    private EventType changedType(EventType t) {
        changeStamp.incrementAndGet();
        return t;
    }

    // ---- the MPI library's own MPI_T, the second source -----------------------------------------------

    /** Where the MPI library's variables come from (set once the binding is known). */
    public void linkLibrary(LibraryLink link) {
        this.library = new LibrarySource(link);
    }

    /**
     * Takes in whatever the MPI library has added (and looks for the library while it is not
     * there). Called by the routines that tell counts, indices and changes, so what a user counts
     * is what exists.
     */
    public synchronized void syncLibrary() {
        if (library.sync(variables, categories)) {
            changeStamp.incrementAndGet();
        }
    }

    /** The MPI library, when its variables are shown. */
    public @Nullable org.qmpi4j.mpit.library.MpitLibrary library() {
        return library.library();
    }

    /** Why the MPI library's variables are not shown, or {@code null} when they are. */
    public @Nullable String libraryAbsence() {
        return library.absence();
    }

    /** Whether the control variable at {@code index} is the MPI library's (else the agent's or a tool's). */
    public boolean isLibraryCvar(int index) {
        return library.isLibraryCvar(index);
    }

    public boolean isLibraryPvar(int index) {
        return library.isLibraryPvar(index);
    }

    public boolean isLibraryCategory(int index) {
        return library.isLibraryCategory(index);
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
        syncLibrary();
        return ThreadLevel.MULTIPLE;
    }

    /** Whether {@link #initThread} ever succeeded (MPI_T may then have changed control variables). */
    public boolean everInitialized() {
        return state.everInitialized();
    }

    @Override
    public void finalizeInterface() {
        handles.whenLastUserFinalizes(() -> {
            boolean last = state.finish();
            if (last) {
                registrations.freeEverything();
            }
            return last;
        });
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
        syncLibrary();
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
        syncLibrary();
        return variables.cvarIndex(name);
    }

    @Override
    public CvarHandle cvarHandleAlloc(int cvarIndex, @Nullable Object mpiObject) {
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
        syncLibrary();
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
        syncLibrary();
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
    public PvarHandle pvarHandleAlloc(PvarSession session, int pvarIndex, @Nullable Object mpiObject) {
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

    // ---- 15.3.8 Events ----------------------------------------------------------------------------

    @Override
    public int sourceGetNum() {
        initialized();
        return sources.count();
    }

    @Override
    public SourceInfo sourceGetInfo(int sourceIndex) {
        initialized();
        return sources.source(sourceIndex).info;
    }

    @Override
    public long sourceGetTimestamp(int sourceIndex) {
        initialized();
        return sources.source(sourceIndex).now();
    }

    @Override
    public int eventGetNum() {
        initialized();
        return eventTypes.count();
    }

    @Override
    public EventInfo eventGetInfo(int eventIndex) {
        initialized();
        return eventTypes.type(eventIndex).info;
    }

    @Override
    public int eventGetIndex(String name) {
        initialized();
        return eventTypes.index(name);
    }

    @Override
    public EventRegistration eventHandleAlloc(
            int eventIndex, @Nullable Object mpiObject, @Nullable Map<String, String> hints) {
        initialized();
        return registrations.allocate(eventTypes.type(eventIndex), mpiObject, hints);
    }

    @Override
    public void eventHandleSetInfo(EventRegistration registration, @Nullable Map<String, String> hints) {
        initialized();
        registrations.registration(registration).hints = EventRegistrations.copy(hints);
    }

    @Override
    public Map<String, String> eventHandleGetInfo(EventRegistration registration) {
        initialized();
        return registrations.registration(registration).hints;
    }

    @Override
    public void eventHandleFree(EventRegistration registration, @Nullable EventFreeCallback freeCallback) {
        initialized();
        registrations.free(registrations.registration(registration), freeCallback, delivery);
    }

    @Override
    public void eventRegisterCallback(
            EventRegistration registration,
            CallbackSafety safety,
            @Nullable Map<String, String> hints,
            @Nullable EventCallback callback) {
        initialized();
        registrations.setCallback(registrations.registration(registration), level(safety), callback, hints);
    }

    @Override
    public void eventCallbackSetInfo(
            EventRegistration registration, CallbackSafety safety, @Nullable Map<String, String> hints) {
        initialized();
        registrations.registration(registration).setCallbackHints(level(safety), hints);
    }

    @Override
    public Map<String, String> eventCallbackGetInfo(EventRegistration registration, CallbackSafety safety) {
        initialized();
        return registrations.registration(registration).callbackAt(level(safety)).hints;
    }

    private static CallbackSafety level(CallbackSafety safety) {
        if (safety == null) {
            throw Errors.invalid("no callback safety level given");
        }
        return safety;
    }

    @Override
    public void eventRead(EventInstance instance, int elementIndex, Object buffer) {
        initialized();
        delivery.read(instance, elementIndex, buffer);
    }

    @Override
    public void eventCopy(EventInstance instance, ByteBuffer buffer) {
        initialized();
        delivery.copy(instance, buffer);
    }

    @Override
    public long eventGetTimestamp(EventInstance instance) {
        initialized();
        return delivery.instance(instance).timestamp;
    }

    @Override
    public int eventGetSource(EventInstance instance) {
        initialized();
        return delivery.instance(instance).type.source.index;
    }

    @Override
    public void eventSetDroppedHandler(EventRegistration registration, @Nullable EventDroppedHandler handler) {
        initialized();
        registrations.registration(registration).droppedHandler = handler;
    }

    // ---- 14.3.8 Categories --------------------------------------------------------------------------------

    @Override
    public int categoryGetNum() {
        initialized();
        syncLibrary();
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
        syncLibrary();
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
    public int categoryGetNumEvents(int catIndex) {
        initialized();
        return categories.numEvents(catIndex);
    }

    @Override
    public int[] categoryGetEvents(int catIndex) {
        initialized();
        return categories.events(catIndex);
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
            syncLibrary();
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
    public synchronized int registerSource(String name, String description, SourceOrder ordering) {
        return sources.register(name, description, ordering);
    }

    @Override
    public EventType registerEventType(EventDefinition d) {
        return registerEventType(d, delta -> {});
    }

    @Override
    public synchronized void categoryAddEvent(int catIndex, int eventIndex) {
        categories.addEvent(catIndex, eventIndex, eventTypes::type);
        changed(catIndex);
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
