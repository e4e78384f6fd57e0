package org.qmpi4j.api.mpit;

import java.nio.ByteBuffer;
import java.util.Map;
import org.qmpi4j.api.Nullable;

/**
 * The MPI tool information interface (MPI 4.0, Section 14.3) of one MPI process, in Java: control
 * variables, performance variables with sessions and handles, categories and enumerations, and
 * events (types, sources, registrations and callbacks; see {@link CallbackSafety}). Each
 * routine of the text is one method here, named after it ({@code MPI_T_PVAR_HANDLE_ALLOC} is
 * {@link #pvarHandleAlloc}); OUT arguments are return values; a return code other than
 * {@code MPI_SUCCESS} is an {@link MpitException} carrying the code the text prescribes.
 *
 * <h2>Getting one</h2>
 * A tool asks with its id, {@link org.qmpi4j.api.Qmpi#mpit(int)}; other code uses
 * {@link org.qmpi4j.api.Qmpi#mpit()}. The
 * interface works before {@code MPI.Init} and after {@code MPI.Finalize}. Like in C, every user
 * first calls {@link #initThread} and finally {@link #finalizeInterface} (reference counted);
 * between, every other routine answers {@link ReturnCode#MPI_T_ERR_NOT_INITIALIZED}.
 *
 * <h2>What qmpi4j offers</h2>
 * The agent's own variables (calls, time and bytes per MPI function; messages and bytes to each
 * peer of a communicator; outstanding requests with their watermarks; posted receives per
 * communicator; the process's MPI state; largest message; fraction of time in MPI) and control
 * variables for its settings; {@code qmpi4j mpit list} prints them all. The agent's variables cost
 * nothing on the call path until a handle for them is started. Tools add their own with
 * {@link #registerPvar}, {@link #registerCvar} and {@link #registerCategory}.
 *
 * <p>Events: the agent raises {@code qmpi4j_send_started}, {@code qmpi4j_receive_completed},
 * {@code qmpi4j_request_completed}, {@code qmpi4j_collective_entered}/{@code _left},
 * {@code qmpi4j_pcontrol_changed} and {@code qmpi4j_tool_fault}, all from the ordered source
 * {@code qmpi4j_calls} at {@link CallbackSafety#THREAD_SAFE} (see there what the levels mean in
 * Java); an event type costs nothing on the call path until a registration for it exists
 * ({@link #eventHandleAlloc}). Tools add their own with {@link #registerSource} and
 * {@link #registerEventType}.
 *
 * <h2>Example (the text's example 14.6)</h2>
 * <pre>{@code
 * MpiT mpit = Qmpi.mpit(toolId);
 * mpit.initThread(ThreadLevel.SINGLE);
 * int index = mpit.pvarGetIndex("qmpi4j_posted_receives", PvarClass.LEVEL);
 * PvarSession session = mpit.pvarSessionCreate();
 * PvarHandle handle = mpit.pvarHandleAlloc(session, index, Qmpi.bindingConstant(toolId, "COMM_WORLD"));
 * mpit.pvarStart(session, handle);
 * ...
 * long[] value = new long[handle.count()];
 * mpit.pvarRead(session, handle, value);
 * }</pre>
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li>Indices never change and nothing is removed; variables and categories may be added at any
 *       time (tools add theirs when initialised), and {@link #categoryChanged()} grows when they are.</li>
 *   <li>Sessions are isolated: nothing done in one session changes what another reads.</li>
 *   <li>Every routine may be called from any thread; {@link #initThread} always provides
 *       {@link ThreadLevel#MULTIPLE}. Reads, writes and resets never block on MPI calls in
 *       progress, so sampling threads may use them.</li>
 *   <li>Errors are not fatal and never reach MPI's error handlers.</li>
 * </ul>
 *
 * <p>One interface because the text defines one: a method per routine of Section 14.3, and most of
 * its length is their javadoc.
 *
 * <p>One interface of this length because it is the standard's one interface: a method per
 * {@code MPI_T} routine, each documented for a tool author who works from this javadoc alone.
 */
public interface MpiT {

    // ---- 14.3.4 Initialization and finalization -----------------------------------------------

    /**
     * {@code MPI_T_INIT_THREAD}: initialises the interface or adds one to its reference count.
     *
     * @return the provided level: always {@link ThreadLevel#MULTIPLE}
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID} if {@code required} is null,
     *                       {@link ReturnCode#MPI_T_ERR_CANNOT_INIT} once the JVM is shutting down
     */
    ThreadLevel initThread(ThreadLevel required);

    /**
     * {@code MPI_T_FINALIZE}: removes one from the reference count. When it reaches zero, every
     * session, performance variable handle and control variable handle is freed.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_NOT_INITIALIZED} if called more often than
     *                       {@link #initThread}
     */
    void finalizeInterface();

    // ---- 14.3.5 Enumerations --------------------------------------------------------------------

    /**
     * {@code MPI_T_ENUM_GET_INFO}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} for {@code null}
     *                       ({@code MPI_T_ENUM_NULL}) or an enumeration of another process
     */
    EnumInfo enumGetInfo(EnumType enumType);

    /**
     * {@code MPI_T_ENUM_GET_ITEM}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} for an invalid enumeration,
     *                       {@link ReturnCode#MPI_T_ERR_INVALID_ITEM} for an index outside 0..N-1
     */
    EnumItem enumGetItem(EnumType enumType, int index);

    // ---- 14.3.6 Control variables ---------------------------------------------------------------

    /** {@code MPI_T_CVAR_GET_NUM}: the number of control variables now (it may grow). */
    int cvarGetNum();

    /**
     * {@code MPI_T_CVAR_GET_INFO}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} outside 0..num-1
     */
    CvarInfo cvarGetInfo(int cvarIndex);

    /**
     * {@code MPI_T_CVAR_GET_INDEX}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} if no control variable has that name
     */
    int cvarGetIndex(String name);

    /**
     * {@code MPI_T_CVAR_HANDLE_ALLOC}: binds the variable to {@code mpiObject} (ignored for
     * {@link BindType#NO_OBJECT}); the handle's {@link CvarHandle#count()} is the number of elements.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} for a bad index,
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} if the object is missing or of the
     *                       wrong kind, {@link ReturnCode#MPI_T_ERR_OUT_OF_HANDLES},
     *                       {@link ReturnCode#MPI_T_ERR_MEMORY}
     */
    CvarHandle cvarHandleAlloc(int cvarIndex, @Nullable Object mpiObject);

    /**
     * {@code MPI_T_CVAR_HANDLE_FREE}; the handle is invalid afterwards.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} for a freed, foreign or null handle
     */
    void cvarHandleFree(CvarHandle handle);

    /**
     * {@code MPI_T_CVAR_READ} into {@code buffer}, an array of the datatype's Java type with at
     * least {@code count} elements (see {@link MpitDatatype}).
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for a buffer of the wrong type or size
     */
    void cvarRead(CvarHandle handle, Object buffer);

    /**
     * {@code MPI_T_CVAR_WRITE} from {@code buffer}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE},
     *                       {@link ReturnCode#MPI_T_ERR_CVAR_SET_NOT_NOW} if it cannot be set now
     *                       but may be later, {@link ReturnCode#MPI_T_ERR_CVAR_SET_NEVER} if it can
     *                       never be set (always for scopes {@link Scope#CONSTANT} and
     *                       {@link Scope#READONLY}), {@link ReturnCode#MPI_T_ERR_INVALID} for a bad
     *                       buffer or value
     */
    void cvarWrite(CvarHandle handle, Object buffer);

    // ---- 14.3.7 Performance variables -----------------------------------------------------------

    /** {@code MPI_T_PVAR_GET_NUM}: the number of performance variables now (it may grow). */
    int pvarGetNum();

    /**
     * {@code MPI_T_PVAR_GET_INFO}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} outside 0..num-1
     */
    PvarInfo pvarGetInfo(int pvarIndex);

    /**
     * {@code MPI_T_PVAR_GET_INDEX}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} if no performance variable has
     *                       that name and class, {@link ReturnCode#MPI_T_ERR_INVALID} for a null class
     */
    int pvarGetIndex(String name, PvarClass varClass);

    /**
     * {@code MPI_T_PVAR_SESSION_CREATE}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_OUT_OF_SESSIONS} past the limit set by the
     *                       control variable {@code qmpi4j_mpit_max_sessions}, {@link ReturnCode#MPI_T_ERR_MEMORY}
     */
    PvarSession pvarSessionCreate();

    /**
     * {@code MPI_T_PVAR_SESSION_FREE}: frees the session and every handle in it.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_SESSION} for a freed, foreign or null session
     */
    void pvarSessionFree(PvarSession session);

    /**
     * {@code MPI_T_PVAR_HANDLE_ALLOC}: binds the variable to {@code mpiObject} in {@code session}.
     * Continuous variables run from now; the others are stopped until {@link #pvarStart}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_SESSION},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID_INDEX},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for a missing or wrong object,
     *                       {@link ReturnCode#MPI_T_ERR_OUT_OF_HANDLES} past
     *                       {@code qmpi4j_mpit_max_handles}, {@link ReturnCode#MPI_T_ERR_MEMORY}
     */
    PvarHandle pvarHandleAlloc(PvarSession session, int pvarIndex, @Nullable Object mpiObject);

    /**
     * {@code MPI_T_PVAR_HANDLE_FREE}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_SESSION},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} for a handle not of this
     *                       session, freed, null or {@link PvarHandle#ALL_HANDLES}
     */
    void pvarHandleFree(PvarSession session, PvarHandle handle);

    /**
     * {@code MPI_T_PVAR_START}; {@link PvarHandle#ALL_HANDLES} starts every stopped, startable
     * handle of the session (and succeeds if there is none).
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_SESSION},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE},
     *                       {@link ReturnCode#MPI_T_ERR_PVAR_NO_STARTSTOP} for a continuous variable
     */
    void pvarStart(PvarSession session, PvarHandle handle);

    /** {@code MPI_T_PVAR_STOP}; like {@link #pvarStart}. */
    void pvarStop(PvarSession session, PvarHandle handle);

    /**
     * {@code MPI_T_PVAR_READ} into {@code buffer} (see {@link MpitDatatype} for the array type).
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_SESSION},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} (also for
     *                       {@link PvarHandle#ALL_HANDLES}), {@link ReturnCode#MPI_T_ERR_INVALID}
     *                       for a buffer of the wrong type or size
     */
    void pvarRead(PvarSession session, PvarHandle handle, Object buffer);

    /**
     * {@code MPI_T_PVAR_WRITE}: sets the handle's value (other handles and sessions are untouched).
     *
     * @throws MpitException as {@link #pvarRead}, and {@link ReturnCode#MPI_T_ERR_PVAR_NO_WRITE} for
     *                       a read-only variable
     */
    void pvarWrite(PvarSession session, PvarHandle handle, Object buffer);

    /**
     * {@code MPI_T_PVAR_RESET}: back to the class's starting value; {@link PvarHandle#ALL_HANDLES}
     * resets every writable handle of the session, ignoring read-only ones.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_SESSION},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE},
     *                       {@link ReturnCode#MPI_T_ERR_PVAR_NO_WRITE} for a read-only variable
     */
    void pvarReset(PvarSession session, PvarHandle handle);

    /**
     * {@code MPI_T_PVAR_READRESET}: read and reset as one atomic step.
     *
     * @throws MpitException as {@link #pvarRead}, {@link ReturnCode#MPI_T_ERR_PVAR_NO_ATOMIC} if the
     *                       variable is not atomic
     */
    void pvarReadReset(PvarSession session, PvarHandle handle, Object buffer);

    // ---- Events (MPI 4.1 Section 15.3.8): sources -----------------------------------------------

    /** {@code MPI_T_SOURCE_GET_NUM}: the number of event sources now (at least 1; it may grow). */
    int sourceGetNum();

    /**
     * {@code MPI_T_SOURCE_GET_INFO}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} outside 0..num-1
     */
    SourceInfo sourceGetInfo(int sourceIndex);

    /**
     * {@code MPI_T_SOURCE_GET_TIMESTAMP}: the source's clock now, in its ticks; never less than an
     * earlier answer or an earlier event's timestamp of the same source.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} outside 0..num-1
     */
    long sourceGetTimestamp(int sourceIndex);

    // ---- Events: event type queries -------------------------------------------------------------

    /** {@code MPI_T_EVENT_GET_NUM}: the number of event types now (it may grow). */
    int eventGetNum();

    /**
     * {@code MPI_T_EVENT_GET_INFO}: name, verbosity, element datatypes and displacements,
     * enumeration, description and binding.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} outside 0..num-1
     */
    EventInfo eventGetInfo(int eventIndex);

    /**
     * {@code MPI_T_EVENT_GET_INDEX}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} if no event type has that name
     */
    int eventGetIndex(String name);

    // ---- Events: handle allocation and deallocation ---------------------------------------------

    /**
     * {@code MPI_T_EVENT_HANDLE_ALLOC}: a registration for the event type, bound to {@code mpiObject}
     * (ignored for {@link BindType#NO_OBJECT}). It receives nothing until a callback is registered.
     *
     * @param hints {@code null} for {@code MPI_INFO_NULL}; kept as given (qmpi4j acts on none)
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX} for a bad index,
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} if the object is missing or of the
     *                       wrong kind, {@link ReturnCode#MPI_T_ERR_OUT_OF_HANDLES} past
     *                       {@code qmpi4j_mpit_max_handles} (counted apart from variable handles)
     */
    EventRegistration eventHandleAlloc(int eventIndex, @Nullable Object mpiObject, @Nullable Map<String, String> hints);

    /**
     * {@code MPI_T_EVENT_HANDLE_SET_INFO}: replaces the registration's hints.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} for a freed, foreign or null registration
     */
    void eventHandleSetInfo(EventRegistration registration, @Nullable Map<String, String> hints);

    /**
     * {@code MPI_T_EVENT_HANDLE_GET_INFO}: a copy of the registration's hints.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE}
     */
    Map<String, String> eventHandleGetInfo(EventRegistration registration);

    /**
     * {@code MPI_T_EVENT_HANDLE_FREE}: no callback of the registration starts after this call;
     * {@code freeCallback} (may be {@code null}) runs once none is running any more: at once, or,
     * if one is running (on any thread, this one included), when the last returns. After it, the
     * registration gets no callback.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} for a freed, foreign or null registration
     */
    void eventHandleFree(EventRegistration registration, @Nullable EventFreeCallback freeCallback);

    // ---- Events: callback function management --------------------------------------------------

    /**
     * {@code MPI_T_EVENT_REGISTER_CALLBACK}: sets the registration's callback for one safety level
     * (replacing one set before; {@code null} removes it). An event raised at level L runs the
     * callback of the lowest level at least L; see {@link CallbackSafety}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for a null level
     */
    void eventRegisterCallback(
            EventRegistration registration,
            CallbackSafety safety,
            @Nullable Map<String, String> hints,
            @Nullable EventCallback callback);

    /**
     * {@code MPI_T_EVENT_CALLBACK_SET_INFO}: replaces the hints of the callback of that level.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for a null level or a level
     *                       without a callback
     */
    void eventCallbackSetInfo(
            EventRegistration registration, CallbackSafety safety, @Nullable Map<String, String> hints);

    /**
     * {@code MPI_T_EVENT_CALLBACK_GET_INFO}: a copy of the hints of the callback of that level.
     *
     * @throws MpitException as {@link #eventCallbackSetInfo}
     */
    Map<String, String> eventCallbackGetInfo(EventRegistration registration, CallbackSafety safety);

    // ---- Events: reading event data and metadata (only inside the callback) ---------------------

    /**
     * {@code MPI_T_EVENT_READ}: one element into {@code buffer}, an array of the element's
     * {@link MpitDatatype#bufferType()} with at least {@link EventElement#length()} elements.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} for an instance whose
     *                       callback returned, or null; {@link ReturnCode#MPI_T_ERR_INVALID} for an
     *                       element index outside 0..num_elements-1 or a buffer of the wrong type or size
     */
    void eventRead(EventInstance instance, int elementIndex, Object buffer);

    /**
     * {@code MPI_T_EVENT_COPY}: all elements into {@code buffer} from its position on, each at its
     * displacement, in the buffer's byte order; needs {@link EventInfo#extent()} bytes remaining.
     * The buffer's position does not move.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} as {@link #eventRead},
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for a null, read-only or too small buffer
     */
    void eventCopy(EventInstance instance, ByteBuffer buffer);

    /**
     * {@code MPI_T_EVENT_GET_TIMESTAMP}: when the event was raised, in its source's ticks.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} as {@link #eventRead}
     */
    long eventGetTimestamp(EventInstance instance);

    /**
     * {@code MPI_T_EVENT_GET_SOURCE}: the index of the source that raised the event.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE} as {@link #eventRead}
     */
    int eventGetSource(EventInstance instance);

    // ---- Events: dropped events ------------------------------------------------------------------

    /**
     * {@code MPI_T_EVENT_SET_DROPPED_HANDLER}: sets (or with {@code null} removes) the handler told
     * how many events the registration missed. An event is dropped for a registration when no
     * callback of a level the raising context allows is set, or when the registration's callback
     * is still running on the raising thread (an event raised from inside the callback). The count
     * is reported at the next raise of the type that reaches the registration outside its callback,
     * or when the running callback returns; drops before a handler was set are reported to it.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_HANDLE}
     */
    void eventSetDroppedHandler(EventRegistration registration, @Nullable EventDroppedHandler handler);

    // ---- 14.3.8 Categories ----------------------------------------------------------------------

    /** {@code MPI_T_CATEGORY_GET_NUM}. */
    int categoryGetNum();

    /**
     * {@code MPI_T_CATEGORY_GET_INFO}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX}
     */
    CategoryInfo categoryGetInfo(int catIndex);

    /**
     * {@code MPI_T_CATEGORY_GET_INDEX}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME}
     */
    int categoryGetIndex(String name);

    /**
     * {@code MPI_T_CATEGORY_GET_CVARS}: the control variables of the category, in the order they
     * were added (which never changes).
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX}
     */
    int[] categoryGetCvars(int catIndex);

    /** {@code MPI_T_CATEGORY_GET_PVARS}; like {@link #categoryGetCvars}. */
    int[] categoryGetPvars(int catIndex);

    /** {@code MPI_T_CATEGORY_GET_CATEGORIES}; like {@link #categoryGetCvars}. */
    int[] categoryGetCategories(int catIndex);

    /**
     * {@code MPI_T_CATEGORY_GET_NUM_EVENTS}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_INDEX}
     */
    int categoryGetNumEvents(int catIndex);

    /** {@code MPI_T_CATEGORY_GET_EVENTS}; like {@link #categoryGetCvars}. */
    int[] categoryGetEvents(int catIndex);

    /**
     * {@code MPI_T_CATEGORY_CHANGED}: a virtual time stamp that grows whenever a category, or a
     * variable, event type or sub-category in a category, is added; equal stamps mean nothing changed between.
     */
    int categoryChanged();

    // ---- Adding variables (the implementation side, for tools) ---------------------------------

    /**
     * Adds an enumeration. Works whether or not the interface is initialised.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} for an empty or taken name,
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for no items or duplicate item names
     */
    EnumType registerEnum(String name, EnumItem... items);

    /**
     * Adds a control variable and returns its index, which never changes.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} if a control variable already
     *                       has that name, {@link ReturnCode#MPI_T_ERR_INVALID} for an enumeration of
     *                       another process
     */
    int registerCvar(CvarDefinition definition);

    /**
     * Adds a performance variable and returns its index, which never changes.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} if a performance variable of
     *                       the same class already has that name
     */
    int registerPvar(PvarDefinition definition);

    /**
     * Adds a category and returns its index.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} for an empty or taken name
     */
    int registerCategory(String name, String description);

    /**
     * Adds an event source (a clock and an order) and returns its index. Source 0, the process's
     * default, always exists: {@code System.nanoTime} ticks (10<sup>9</sup> a second), ordered.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} for an empty or taken name,
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for a null order
     */
    int registerSource(String name, String description, SourceOrder ordering);

    /**
     * Adds an event type and returns it, to raise instances with; its index never changes.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID_NAME} if an event type has that name,
     *                       {@link ReturnCode#MPI_T_ERR_INVALID} for an unknown source or an
     *                       enumeration of another process
     */
    EventType registerEventType(EventDefinition definition);

    /** Adds an event type to a category (at the end). */
    void categoryAddEvent(int catIndex, int eventIndex);

    /** Adds a control variable to a category (at the end). */
    void categoryAddCvar(int catIndex, int cvarIndex);

    /** Adds a performance variable to a category (at the end). */
    void categoryAddPvar(int catIndex, int pvarIndex);

    /**
     * Makes {@code childIndex} a sub-category of {@code catIndex}.
     *
     * @throws MpitException {@link ReturnCode#MPI_T_ERR_INVALID} if the category would then contain
     *                       itself, directly or through others, or already contains the child
     */
    void categoryAddCategory(int catIndex, int childIndex);
}
