package org.qmpi4j.agent.internal.binding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.descriptorform.BindingFact;
import org.qmpi4j.descriptorform.DescriptorSpec;
import org.qmpi4j.descriptorform.Vocabulary;

/**
 * Everything the agent knows about one MPI Java binding (Open MPI's, MPJ Express', ...), read
 * from the compiled form of its descriptor file ({@link CompiledDescriptor}): how to recognise it, which classes are its
 * own (never rewritten), which of its methods are which MPI function and with which argument
 * roles, which public methods deliberately are not (and why), how to size a datatype, and where
 * its constants live. Keeping this as data means supporting another binding needs no Java code.
 *
 * <p>Immutable in what it answers, and safe to share between threads.
 *
 * <p>One class because it is one value: a short accessor per statement of the descriptor format,
 * and the tables made from its {@code map} and {@code exclude} lines on first use, behind one lock.
 */
public final class BindingDescriptor {
    private final String resource;
    private final String id;
    private final String title;
    private final String[] packages;
    private final List<String[]> fingerprints;
    private final List<String[]> repairs;
    private final List<String[]> versions;
    /** The {@code status} lines: field, class, member, descriptor. */
    private final List<String[]> status;

    private final String[] datatypeSize;
    private final String[] datatypeSizeUnit;
    private final String constantsClass;
    private final String[] requestNull;
    private final String[] exception;
    private final String nativeLibrary;
    private final String[] nativeHandle;
    private final Map<org.qmpi4j.api.mpit.BindType, String> objectClasses;
    /** The {@code fact} lines: fact keyword -> value. */
    private final Map<String, String> facts;

    /** The id of the first mapping; slot {@code i} has id {@code firstId + i}. */
    private final int firstId;
    /** Slot i: the mapping of the i-th map line. */
    private final MethodMapping[] slots;
    /** "owner name descriptor" -> slot. */
    private final Map<String, Integer> slotByKey;

    /** All mappings, once every slot is made. */
    private @Nullable List<MethodMapping> all; // guarded by this
    /**
     * By function ordinal: its {@code canonical} mappings in line order, each list made on first
     * use and read without a lock afterwards (tools ask for canonical overloads as they call).
     */
    private final AtomicReferenceArray<List<MethodMapping>> canonicalLines =
            new AtomicReferenceArray<>(MpiFunction.values().length);
    /** owner -> (name + descriptor, or name + " *") -> reason; made on first use. */
    private @Nullable Map<String, Map<String, String>> exclusions; // guarded by this

    private @Nullable List<String[]> exclusionLines; // guarded by this
    /** The exclude lines until {@link #exclusions} is made from them. */
    private @Nullable List<DescriptorSpec.ExcludeLine> parsedExcludes; // guarded by this

    /** The descriptor {@code spec} holds, its mappings numbered from {@code firstId}. */
    BindingDescriptor(DescriptorSpec spec, int firstId) {
        this.resource = spec.resource;
        this.id = spec.id;
        this.title = spec.title;
        this.packages = spec.packages.toArray(new String[0]);
        this.fingerprints = Collections.unmodifiableList(new ArrayList<>(spec.fingerprints));
        this.repairs = Collections.unmodifiableList(new ArrayList<>(spec.repairs));
        this.versions = Collections.unmodifiableList(new ArrayList<>(spec.versions));
        this.status = Collections.unmodifiableList(new ArrayList<>(spec.status));
        this.datatypeSize = spec.datatypeSize;
        this.datatypeSizeUnit = spec.datatypeSizeUnit;
        this.constantsClass = spec.constantsClass;
        this.requestNull = spec.requestNull;
        this.exception = spec.exception;
        this.nativeLibrary = spec.nativeLibrary;
        this.nativeHandle = spec.nativeHandle;
        this.objectClasses = Collections.unmodifiableMap(new java.util.EnumMap<>(
                spec.objectClasses.isEmpty()
                        ? new java.util.EnumMap<>(org.qmpi4j.api.mpit.BindType.class)
                        : spec.objectClasses));
        Map<String, String> f = new HashMap<>();
        for (Map.Entry<BindingFact, String> e : spec.facts.entrySet()) {
            f.put(e.getKey().keyword(), e.getValue());
        }
        this.facts = Collections.unmodifiableMap(f);
        this.firstId = firstId;
        slots = new MethodMapping[spec.maps.size()];
        slotByKey = new HashMap<>(2 * slots.length);
        for (int i = 0; i < slots.length; i++) {
            slots[i] = mapping(i, spec.maps.get(i));
            slotByKey.put(key(slots[i].owner(), slots[i].name(), slots[i].descriptor()), i);
        }
        parsedExcludes = spec.excludes;
    }

    private static String key(String owner, String name, String desc) {
        return owner + ' ' + name + ' ' + desc;
    }

    private MethodMapping mapping(int slot, DescriptorSpec.MapLine l) {
        return new MethodMapping(
                firstId + slot,
                this,
                l.owner,
                l.name,
                l.descriptor,
                l.isStatic,
                l.function,
                l.roles,
                l.canonical,
                l.parameterCount,
                l.version);
    }

    /** The mapping of the {@code i}-th map line. */
    MethodMapping slot(int i) {
        return slots[i];
    }

    /** The id of this descriptor's first mapping. */
    int firstId() {
        return firstId;
    }

    /** The number of its mappings (its {@code map} lines). */
    int mappingCount() {
        return slots.length;
    }

    /**
     * The {@code canonical} mappings of {@code f}, in line order (one per version at most: the
     * compiler checked it).
     */
    private List<MethodMapping> canonicalLines(MpiFunction f) {
        List<MethodMapping> found = canonicalLines.get(f.ordinal());
        return found != null ? found : readCanonicalLines(f);
    }

    private synchronized List<MethodMapping> readCanonicalLines(MpiFunction f) {
        List<MethodMapping> found = canonicalLines.get(f.ordinal());
        if (found == null) {
            found = new ArrayList<>(2);
            for (MethodMapping m : slots) {
                if (m.function() == f && m.canonical()) {
                    found.add(m);
                }
            }
            found = Collections.unmodifiableList(found);
            canonicalLines.set(f.ordinal(), found);
        }
        return found;
    }

    private synchronized Map<String, Map<String, String>> exclusionMap() {
        if (exclusions == null) {
            List<DescriptorSpec.ExcludeLine> parsed =
                    Objects.requireNonNull(parsedExcludes, "kept until the map is built");
            Map<String, Map<String, String>> ex = new HashMap<>();
            List<String[]> ls = new ArrayList<>(parsed.size());
            for (DescriptorSpec.ExcludeLine l : parsed) {
                String key = l.descriptor == null ? l.name + " *" : l.name + l.descriptor;
                Map<String, String> ofOwner = ex.get(l.owner);
                if (ofOwner == null) {
                    ofOwner = new HashMap<>();
                    ex.put(l.owner, ofOwner);
                }
                ofOwner.put(key, l.reason);
                ls.add(new String[] {l.owner, l.name, l.descriptor == null ? "*" : l.descriptor, l.reason});
            }
            exclusionLines = Collections.unmodifiableList(ls);
            exclusions = ex;
            parsedExcludes = null;
        }
        return exclusions;
    }

    /** Short identifier, e.g. {@code openmpi}; unique in a {@link BindingCatalog}. */
    public String id() {
        return id;
    }

    /** Human-readable name, e.g. {@code Open MPI Java bindings 4.1}. */
    public String title() {
        return title;
    }

    /** The resource this descriptor was read from. */
    public String resource() {
        return resource;
    }

    /**
     * The packages of the classes the binding owns, as internal names: {@code mpi/} is the package
     * {@code mpi} alone, {@code xdev/**} the package {@code xdev} and every package under it.
     */
    public List<String> packages() {
        return List.of(packages);
    }

    /**
     * Whether the class (internal name) belongs to the binding. The agent never rewrites such
     * classes: the binding calling itself is not an application call.
     */
    public boolean ownsClass(String internalName) {
        for (String p : packages) {
            if (inPackage(internalName, p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether class {@code internalName} is in {@code entry} of a {@code packages} line. An entry
     * without {@code **} takes no subpackage: an application's {@code mpi.app.Main} is not the
     * binding's, and its calls are rewritten.
     */
    static boolean inPackage(String internalName, String entry) {
        if (entry.endsWith("/**")) {
            return internalName.startsWith(entry.substring(0, entry.length() - 2));
        }
        return internalName.startsWith(entry) && internalName.indexOf('/', entry.length()) < 0;
    }

    /**
     * The methods of the binding's runtime to repair as their classes load, each {@code {class,
     * name, descriptor, kind}}; the only kind is {@link #REPAIR_WAIT_LOOP}.
     */
    public List<String[]> repairs() {
        List<String[]> copy = new ArrayList<>(repairs.size());
        for (String[] r : repairs) {
            copy.add(r.clone());
        }
        return copy;
    }

    /** The fingerprint methods, each {@code {class, name, descriptor}}. */
    public List<String[]> fingerprints() {
        List<String[]> copy = new ArrayList<>(fingerprints.size());
        for (String[] f : fingerprints) {
            copy.add(f.clone());
        }
        return copy;
    }

    /**
     * The mapping of exactly this declared method, or {@code null}. {@code declaringClass} must be
     * the class that declares the method: call sites name the static type of the receiver
     * ({@code mpi/Intracomm} for {@code MPI.COMM_WORLD.send}, declared in {@code mpi/Comm}), so
     * the rewriter resolves up the superclass chain first.
     */
    public @Nullable MethodMapping find(String declaringClass, String name, String desc) {
        Integer slot = slotByKey.get(key(declaringClass, name, desc));
        return slot == null ? null : slot(slot);
    }

    /** The overload a tool gets when it invokes {@code f} by name, or {@code null}. */
    public @Nullable MethodMapping canonical(MpiFunction f) {
        // The line for every version; without one, the first line for one version.
        MethodMapping first = null;
        MethodMapping forEvery = null;
        for (MethodMapping m : canonicalLines(f)) {
            if (m.version == null) {
                forEvery = m;
            } else if (first == null) {
                first = m;
            }
        }
        return forEvery != null ? forEvery : first;
    }

    /**
     * The instance member of the datatype class that sizes one datatype item,
     * {@code {owner, name, descriptor}}: a no-argument method when the descriptor starts with
     * {@code (}, otherwise a field. {@code null} if the descriptor names none. Bytes of a call are
     * {@code count * size * unit} where unit comes from {@link #datatypeSizeUnit()}.
     */
    public @Nullable String[] datatypeSizeMethod() {
        return datatypeSize == null ? null : datatypeSize.clone();
    }

    /**
     * The member giving the number of bytes per unit that {@link #datatypeSizeMethod()} counts
     * in, {@code {owner, name, descriptor}} (a field when the descriptor does not start with
     * {@code (}), or {@code null} when the size is already in bytes. Open MPI's
     * {@code Datatype.getSize()} counts base elements (it divides {@code MPI_Type_size} by the
     * protected field {@code baseSize}), so its descriptor names {@code baseSize} here.
     */
    public @Nullable String[] datatypeSizeUnit() {
        return datatypeSizeUnit == null ? null : datatypeSizeUnit.clone();
    }

    /** Internal name of the class holding {@code COMM_WORLD}, datatypes and ops, or {@code null}. */
    /** {@code {class, method, "()Z"}}: true once a request has completed and been freed; or {@code null}. */
    public String[] requestNullMethod() {
        return requestNull;
    }

    /** Constructor of the binding's exception taking error code, error class and message. */
    public static final String EXCEPTION_WITH_CLASS = Vocabulary.EXCEPTION_WITH_CLASS;

    /**
     * The repair that turns a method's {@code if (condition) wait();} into {@code while (condition)
     * wait();}: {@code Object.wait} may return without a notification (the JVM allows spurious
     * wakeups), and code that waits once takes that for the event it waited for.
     */
    public static final String REPAIR_WAIT_LOOP = Vocabulary.REPAIR_WAIT_LOOP;
    /** Constructor of the binding's exception taking a message only (a binding without error classes). */
    public static final String EXCEPTION_WITH_MESSAGE = Vocabulary.EXCEPTION_WITH_MESSAGE;

    /**
     * {@code {class, constructor descriptor}} of the exception the binding throws for MPI errors
     * ({@link #EXCEPTION_WITH_CLASS} or {@link #EXCEPTION_WITH_MESSAGE}), or {@code null}.
     */
    public @Nullable String[] exceptionConstructor() {
        return exception == null ? null : exception.clone();
    }

    /**
     * The binding's JNI library as {@code System.loadLibrary} names it (Open MPI: {@code mpi_java},
     * which links the MPI library whose MPI_T the registry shows), or {@code null} for a pure-Java
     * binding (MPJ Express).
     */
    public String nativeLibrary() {
        return nativeLibrary;
    }

    /** {@code {class, field}}: where the binding's MPI objects keep their C handle, or {@code null}. */
    public @Nullable String[] nativeHandleField() {
        return nativeHandle == null ? null : nativeHandle.clone();
    }

    /**
     * The value the descriptor's {@code fact} line gives the fact named {@code name} (a
     * {@link BindingFact#keyword()}: {@code buffers}, {@code free}), or {@code null} for a name no
     * fact has. The compiler requires every fact, so each of {@link BindingFact} has its value.
     */
    public @Nullable String fact(String name) {
        return facts.get(name);
    }

    /**
     * The public member of status class {@code statusClass} (internal name) that gives
     * {@code field} ({@code source}, {@code tag} or {@code index}), {@code {name, descriptor}}: a
     * method when the descriptor starts with {@code (}, otherwise an int field; {@code null} if the
     * descriptor has no such {@code status} line.
     */
    public @Nullable String[] statusMember(String statusClass, String field) {
        for (String[] l : status) {
            if (l[0].equals(field) && l[1].equals(statusClass)) {
                return new String[] {l[2], l[3]};
            }
        }
        return null;
    }

    /** Internal name of the class of MPI objects of {@code kind}, or {@code null} if the binding does not say. */
    public @Nullable String objectClass(org.qmpi4j.api.mpit.BindType kind) {
        return objectClasses.get(kind);
    }

    public String constantsClass() {
        return constantsClass;
    }

    /** Whether the descriptor deliberately leaves this public method unmapped. */
    public boolean isExcluded(String owner, String name, String desc) {
        return exclusionReason(owner, name, desc) != null;
    }

    /** Why the method is left unmapped, or {@code null} if it is not excluded. */
    public @Nullable String exclusionReason(String owner, String name, String desc) {
        Map<String, String> m = exclusionMap().get(owner);
        if (m == null) {
            return null;
        }
        String r = m.get(name + desc);
        return r != null ? r : m.get(name + " *");
    }

    /**
     * The {@code exclude} lines, each {@code {owner, name, descriptor or "*", reason}}, in
     * descriptor order (the coverage test checks that each still names a real method).
     */
    public synchronized List<String[]> exclusions() {
        exclusionMap();
        List<String[]> lines = Objects.requireNonNull(exclusionLines, "built with the map");
        List<String[]> copy = new ArrayList<>(lines.size());
        for (String[] e : lines) {
            copy.add(e.clone());
        }
        return copy;
    }

    /** All mappings, in descriptor order (ids ascending). */
    public synchronized List<MethodMapping> mappings() {
        if (all == null) {
            all = Collections.unmodifiableList(Arrays.asList(slots.clone()));
        }
        return all;
    }

    /**
     * The {@code version} lines: label, then class, method and descriptor of the method that marks
     * it (label alone for the fallback), in the order they are tried. Empty if the descriptor
     * describes one version only.
     */
    public List<String[]> versionMarks() {
        return versions;
    }

    /**
     * The version of this binding that {@code loader} sees: the first {@code version} line whose
     * method it declares, else the fallback line's label; {@code null} if the descriptor has no
     * version lines or none fits. Reads class files, loads no class.
     */
    public @Nullable String version(ClassLoader loader) {
        for (String[] v : versions) {
            if (v.length == 1) {
                return v[0];
            }
            byte[] bytes = ClassFiles.read(loader, v[1]);
            if (bytes != null && ClassFiles.declaresMethod(bytes, v[2], v[3])) {
                return v[0];
            }
        }
        return null;
    }

    /** The version a mapping's line is limited to ({@code in=}), or {@code null} for every version. */
    public @Nullable String versionOf(MethodMapping m) {
        int slot = m.id() - firstId;
        return slot < 0 || slot >= slots.length ? null : slot(slot).version;
    }

    /**
     * The canonical mapping of {@code f} in {@code version} (the versioned line if there is one,
     * else the line for every version), or {@code null}.
     */
    public @Nullable MethodMapping canonical(MpiFunction f, @Nullable String version) {
        MethodMapping m = null;
        if (version != null) {
            for (MethodMapping c : canonicalLines(f)) {
                if (version.equals(c.version)) {
                    m = c;
                }
            }
        }
        return m != null ? m : canonical(f);
    }

    /**
     * Whether the binding is visible from {@code loader}: every fingerprint method is declared in
     * the class file {@code loader.getResource} finds. Reads bytes only; never loads or
     * initialises a class. A {@code null} loader means the system class loader's resources.
     */
    public boolean recognises(ClassLoader loader) {
        return recognises(fingerprints, loader);
    }

    /** Whether every fingerprint method {@code {class, name, descriptor}} is declared as {@code loader} sees it. */
    static boolean recognises(List<String[]> fingerprints, @Nullable ClassLoader loader) {
        String read = null;
        byte[] bytes = null;
        for (String[] f : fingerprints) {
            if (!f[0].equals(read)) { // fingerprints of one class: read its file once
                bytes = ClassFiles.read(loader, f[0]);
                read = f[0];
            }
            if (bytes == null || !ClassFiles.declaresMethod(bytes, f[1], f[2])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return id + " (" + title + ", " + slots.length + " mappings)";
    }
}
