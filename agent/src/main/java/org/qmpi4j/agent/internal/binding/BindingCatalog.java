package org.qmpi4j.agent.internal.binding;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * All binding descriptors the agent ships, loaded once in {@code premain} from the index resource
 * {@value #INDEX} (one descriptor resource name per line, relative to the index, tried in that
 * order). Answers which binding a class loader sees (cached per loader, weakly) and turns the
 * mapping ids embedded in rewritten bytecode back into {@link MethodMapping}s.
 */
public final class BindingCatalog {
    /** The index of descriptors, as a resource of the agent's class loader. */
    public static final String INDEX = "org/qmpi4j/agent/bindings/bindings.index";

    private static final Object NONE = new Object();

    private final List<BindingDescriptor> descriptors;
    private final MethodMapping[] mappings;
    /** loader -> its BindingDescriptor, or NONE. */
    private final Map<ClassLoader, Object> byLoader = new WeakHashMap<>();

    private volatile Object forSystemResources;

    private BindingCatalog(List<BindingDescriptor> descriptors) {
        this.descriptors = Collections.unmodifiableList(new ArrayList<>(descriptors));
        List<MethodMapping> all = new ArrayList<>();
        for (BindingDescriptor d : descriptors) {
            all.addAll(d.mappings());
        }
        this.mappings = all.toArray(new MethodMapping[0]);
        for (int i = 0; i < mappings.length; i++) {
            if (mappings[i].id() != i) {
                throw new IllegalStateException("mapping ids are not dense: " + mappings[i]);
            }
        }
    }

    /**
     * Loads every descriptor listed in {@value #INDEX} from the agent's own class loader.
     *
     * @throws BindingFormatException if the index or a descriptor is missing or malformed
     */
    public static BindingCatalog load() {
        return load(null, INDEX);
    }

    /**
     * Loads the descriptors listed in {@code index} (a resource path), resolving resources with
     * {@code resources}, or with this class's own loader when {@code null}.
     */
    static BindingCatalog load(ClassLoader resources, String index) {
        String dir = index.lastIndexOf('/') < 0 ? "" : index.substring(0, index.lastIndexOf('/') + 1);
        List<String> names = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        try (BufferedReader r = open(resources, index, index, 0)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                String t = line.trim();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                if (t.indexOf(' ') >= 0 || t.indexOf('\t') >= 0) {
                    throw new BindingFormatException(
                            index, n, "expected one descriptor resource name per line\n    " + t);
                }
                names.add(t);
                lines.add(n);
            }
        } catch (IOException e) {
            throw new BindingFormatException(index, 0, "cannot read: " + e, e);
        }
        if (names.isEmpty()) {
            throw new BindingFormatException(index, 0, "lists no binding descriptors");
        }
        List<BindingDescriptor> ds = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < names.size(); i++) {
            String res = dir + names.get(i);
            BindingDescriptor d;
            try (BufferedReader r = open(resources, res, index, lines.get(i))) {
                d = DescriptorParser.parse(res, r, next);
            } catch (IOException e) {
                throw new BindingFormatException(res, 0, "cannot read: " + e, e);
            }
            for (BindingDescriptor other : ds) {
                if (other.id().equals(d.id())) {
                    throw new BindingFormatException(
                            index,
                            lines.get(i),
                            "binding id '" + d.id() + "' of " + res + " is also the id of " + other.resource());
                }
            }
            ds.add(d);
            next += d.mappings().size();
        }
        return new BindingCatalog(ds);
    }

    /**
     * A catalog of descriptors read from the given texts, in order (resource name, text, ...);
     * for tests and tools that check descriptors.
     */
    static BindingCatalog fromTexts(String... nameThenText) {
        List<BindingDescriptor> ds = new ArrayList<>();
        int next = 0;
        for (int i = 0; i + 1 < nameThenText.length; i += 2) {
            BindingDescriptor d = DescriptorParser.parse(nameThenText[i], new StringReader(nameThenText[i + 1]), next);
            ds.add(d);
            next += d.mappings().size();
        }
        return new BindingCatalog(ds);
    }

    private static BufferedReader open(ClassLoader resources, String path, String index, int indexLine) {
        InputStream in = resources != null
                ? resources.getResourceAsStream(path)
                : BindingCatalog.class.getResourceAsStream("/" + path);
        if (in == null) {
            throw path.equals(index)
                    ? new BindingFormatException(index, 0, "resource not found")
                    : new BindingFormatException(index, indexLine, "descriptor resource not found: " + path);
        }
        Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
        return new BufferedReader(reader);
    }

    /** All descriptors, in index order. */
    public List<BindingDescriptor> all() {
        return descriptors;
    }

    /** The descriptor with this id, or {@code null}. */
    public BindingDescriptor descriptor(String id) {
        for (BindingDescriptor d : descriptors) {
            if (d.id().equals(id)) {
                return d;
            }
        }
        return null;
    }

    /** Total number of mappings; ids are {@code 0 .. mappingCount() - 1}. */
    public int mappingCount() {
        return mappings.length;
    }

    /**
     * The mapping with this id, as embedded in rewritten bytecode.
     *
     * @throws IllegalArgumentException if no mapping has this id (bytecode rewritten by another
     *     agent version)
     */
    public MethodMapping mapping(int id) {
        if (id < 0 || id >= mappings.length) {
            throw new IllegalArgumentException(
                    "no binding method mapping #" + id + " (there are " + mappings.length + ")");
        }
        return mappings[id];
    }

    /**
     * The first descriptor (in index order) whose binding {@code loader} sees, or {@code null}.
     * Recognition reads class file bytes through {@code loader.getResource} and never loads a
     * class; the answer is cached per loader (weakly). A {@code null} loader means the system
     * class loader's resources.
     */
    public BindingDescriptor forLoader(ClassLoader loader) {
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

    private BindingDescriptor recognise(ClassLoader loader) {
        for (BindingDescriptor d : descriptors) {
            if (d.recognises(loader)) {
                return d;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "BindingCatalog" + descriptors;
    }
}
