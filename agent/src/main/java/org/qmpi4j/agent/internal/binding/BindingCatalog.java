package org.qmpi4j.agent.internal.binding;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.descriptorform.CompiledForm;

/**
 * All binding descriptors the agent ships, listed by the index resource {@value #INDEX} (one
 * descriptor resource name per line, relative to the index, tried in that order). Answers which
 * binding a class loader sees (cached per loader, weakly) and turns the mapping ids embedded in
 * rewritten bytecode back into {@link MethodMapping}s.
 *
 * <p>Each descriptor is read from its compiled form ({@link CompiledDescriptor}), which the build
 * made and checked, when it is first needed: when a class loader is first matched against it or a
 * mapping id at or after its own is asked for. A JVM that runs Open MPI's binding never reads MPJ
 * Express' descriptor. Mapping ids are dense and stable: descriptor {@code i}'s ids start after the
 * {@code map} lines of descriptors {@code 0 .. i-1}, and each line's id is its place among them.
 */
public final class BindingCatalog {
    /** The index of descriptors, as a resource of the agent's class loader. */
    public static final String INDEX = "org/qmpi4j/agent/bindings/" + CompiledForm.INDEX;

    private static final Object NONE = new Object();

    /** The index, in order; each entry is read lazily (guarded by this). */
    private final Entry[] entries;
    /** Where the index and compiled descriptors are read from; {@code null}: this class's own loader. */
    private final @Nullable ClassLoader resources;
    /** loader -> its BindingDescriptor, or NONE. */
    private final Map<ClassLoader, Object> byLoader = new WeakHashMap<>();

    private volatile @Nullable Object forSystemResources;
    /** {@link #repairsOf}'s answers by class, from the descriptors read so far; replaced, never changed. */
    private volatile Map<String, List<String[]>> repairs = Map.of();
    /** All descriptors once every entry is read, in index order. */
    private volatile @Nullable List<BindingDescriptor> all;

    /** One line of the index and what has been read of its descriptor. */
    private static final class Entry {
        final String resource;
        /** The index naming it, and the line there (0 for catalogs made in tests). */
        final String index;

        final int indexLine;

        @Nullable
        DescriptorHeader header;

        @Nullable
        BindingDescriptor descriptor;

        Entry(String resource, String index, int indexLine) {
            this.resource = resource;
            this.index = index;
            this.indexLine = indexLine;
        }
    }

    private BindingCatalog(Entry[] entries, @Nullable ClassLoader resources) {
        this.entries = entries;
        this.resources = resources;
    }

    /**
     * The agent's catalog of the descriptors listed in {@value #INDEX}, read from the agent's own
     * class loader: the index now, each descriptor when first needed.
     *
     * @throws BindingFormatException if the index is missing or malformed
     */
    public static BindingCatalog load() {
        return load(null, INDEX);
    }

    /**
     * The catalog of the compiled descriptors listed in {@code index} (a resource path), read with
     * {@code resources} (which must stay open), or with this class's own loader when {@code null};
     * each descriptor is read when first needed. Tests give their own.
     */
    static BindingCatalog load(@Nullable ClassLoader resources, String index) {
        return new BindingCatalog(readIndex(resources, index), resources);
    }

    private static Entry[] readIndex(@Nullable ClassLoader resources, String index) {
        String dir = index.lastIndexOf('/') < 0 ? "" : index.substring(0, index.lastIndexOf('/') + 1);
        String text;
        try (InputStream in = stream(resources, index, index, 0)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BindingFormatException(index, 0, "cannot read: " + e, e);
        }
        List<Entry> found = new ArrayList<>();
        int n = 0;
        for (int pos = 0; pos < text.length(); ) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? text.length() : nl;
            n++;
            String t = text.substring(pos, end).trim();
            pos = end + 1;
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            if (t.indexOf(' ') >= 0 || t.indexOf('\t') >= 0) {
                throw new BindingFormatException(index, n, "expected one descriptor resource name per line\n    " + t);
            }
            found.add(new Entry(dir + t, index, n));
        }
        if (found.isEmpty()) {
            throw new BindingFormatException(index, 0, "lists no binding descriptors");
        }
        return found.toArray(new Entry[0]);
    }

    /** The descriptor of entry {@code e} from its compiled form, its mappings numbered from {@code firstId}. */
    private BindingDescriptor compiled(Entry e, int firstId) {
        String path = e.resource + CompiledDescriptor.SUFFIX;
        try (InputStream in = stream(resources, path, e.index, e.indexLine)) {
            return CompiledDescriptor.read(in, firstId);
        } catch (IOException x) {
            throw new BindingFormatException(path, 0, "cannot read: " + x, x);
        }
    }

    private static InputStream stream(@Nullable ClassLoader resources, String path, String index, int indexLine) {
        InputStream in = resources != null
                ? resources.getResourceAsStream(path)
                : BindingCatalog.class.getResourceAsStream("/" + path);
        if (in == null) {
            throw path.equals(index)
                    ? new BindingFormatException(index, 0, "resource not found")
                    : new BindingFormatException(index, indexLine, "descriptor resource not found: " + path);
        }
        return in;
    }

    /** The fingerprints and mapping count of entry {@code i}, from its descriptor. */
    private synchronized DescriptorHeader header(int i) {
        Entry e = entries[i];
        if (e.header == null) {
            e.header = DescriptorHeader.of(descriptor(i));
        }
        return e.header;
    }

    /** Entry {@code i}'s descriptor, read now if it was not yet. */
    private synchronized BindingDescriptor descriptor(int i) {
        Entry e = entries[i];
        if (e.descriptor == null) {
            int firstId = 0;
            for (int j = 0; j < i; j++) {
                firstId += header(j).mappingCount;
            }
            e.descriptor = compiled(e, firstId);
            publishRepairs(e.descriptor);
        }
        return e.descriptor;
    }

    /**
     * The repairs of methods of class {@code internalName} that the runtime of a binding read so
     * far needs, each {@code {class, name, descriptor, kind}}, or {@code null}. Reads no
     * descriptor: a binding's runtime classes load after its application's first classes, whose
     * rewriting recognised the binding and read its descriptor; a job of another binding never
     * reads this one's.
     */
    public @Nullable List<String[]> repairsOf(String internalName) {
        return repairs.get(internalName);
    }

    /** Adds {@code d}'s repairs to those {@link #repairsOf} answers with (under this catalog's lock). */
    private void publishRepairs(BindingDescriptor d) {
        List<String[]> lines = d.repairs();
        if (lines.isEmpty()) {
            return;
        }
        Map<String, List<String[]>> m = new HashMap<>(repairs);
        for (String[] line : lines) {
            List<String[]> of = m.get(line[0]);
            List<String[]> more = new ArrayList<>(of == null ? List.of() : of);
            more.add(line);
            m.put(line[0], more);
        }
        repairs = m;
    }

    /** All descriptors, in index order (reads every descriptor not read yet). */
    public List<BindingDescriptor> all() {
        List<BindingDescriptor> a = all;
        if (a == null) {
            a = readAll();
        }
        return a;
    }

    private synchronized List<BindingDescriptor> readAll() {
        if (all != null) {
            return all;
        }
        List<BindingDescriptor> ds = new ArrayList<>(entries.length);
        int next = 0;
        for (int i = 0; i < entries.length; i++) {
            BindingDescriptor d = descriptor(i);
            for (BindingDescriptor other : ds) {
                if (other.id().equals(d.id())) {
                    throw new BindingFormatException(
                            entries[i].index,
                            entries[i].indexLine,
                            "binding id '" + d.id() + "' of " + d.resource() + " is also the id of "
                                    + other.resource());
                }
            }
            if (d.firstId() != next) { // a descriptor numbers its own mappings from its first id on
                throw new IllegalStateException("mapping ids are not dense: " + d + " starts at " + d.firstId());
            }
            next += d.mappingCount();
            ds.add(d);
        }
        all = Collections.unmodifiableList(ds);
        return all;
    }

    /** The descriptor with this id, or {@code null}. */
    public @Nullable BindingDescriptor descriptor(String id) {
        for (BindingDescriptor d : all()) {
            if (d.id().equals(id)) {
                return d;
            }
        }
        return null;
    }

    /** Total number of mappings; ids are {@code 0 .. mappingCount() - 1}. */
    public int mappingCount() {
        int n = 0;
        for (int i = 0; i < entries.length; i++) {
            n += header(i).mappingCount;
        }
        return n;
    }

    /**
     * The mapping with this id, as embedded in rewritten bytecode.
     *
     * @throws IllegalArgumentException if no mapping has this id (bytecode rewritten by another
     *     agent version)
     */
    public MethodMapping mapping(int id) {
        if (id >= 0) {
            int first = 0;
            for (int i = 0; i < entries.length; i++) {
                int count = header(i).mappingCount;
                if (id < first + count) {
                    return descriptor(i).slot(id - first);
                }
                first += count;
            }
        }
        throw new IllegalArgumentException("no binding method mapping #" + id + " (there are " + mappingCount() + ")");
    }

    /**
     * The first descriptor (in index order) whose binding {@code loader} sees, or {@code null}.
     * Recognition reads class file bytes through {@code loader.getResource} and never loads a
     * class; the answer is cached per loader (weakly). A {@code null} loader means the system
     * class loader's resources.
     */
    public @Nullable BindingDescriptor forLoader(@Nullable ClassLoader loader) {
        if (loader == null) {
            Object v = forSystemResources;
            if (v == null) {
                BindingDescriptor d = recognise(null);
                v = d == null ? NONE : d;
                forSystemResources = v;
            }
            return v == NONE ? null : (BindingDescriptor) v;
        }
        synchronized (byLoader) {
            Object v = byLoader.get(loader);
            if (v != null) {
                return v == NONE ? null : (BindingDescriptor) v;
            }
        }
        // Read class files outside the lock: it does I/O, and may run for several loaders at once.
        BindingDescriptor d = recognise(loader);
        synchronized (byLoader) {
            byLoader.put(loader, d == null ? NONE : d);
        }
        return d;
    }

    private @Nullable BindingDescriptor recognise(@Nullable ClassLoader loader) {
        for (int i = 0; i < entries.length; i++) {
            if (BindingDescriptor.recognises(header(i).fingerprints, loader)) {
                return descriptor(i);
            }
        }
        return null;
    }

    @Override
    public String toString() {
        List<BindingDescriptor> a = all;
        return "BindingCatalog" + (a != null ? a.toString() : "(" + entries.length + " descriptors, read when needed)");
    }
}
