package org.qmpi4j.descriptor;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.descriptorform.BindingFact;
import org.qmpi4j.descriptorform.DescriptorSpec;
import org.qmpi4j.descriptorform.DescriptorSpec.ExcludeLine;
import org.qmpi4j.descriptorform.DescriptorSpec.MapLine;

/**
 * The rules of a descriptor that span lines, applied as {@link DescriptorParser} hands over each
 * line it has read: the {@code binding} line first, each header once, {@code packages} before the
 * classes it owns, no method mapped twice or both mapped and excluded, exactly one
 * {@code canonical} mapping per mapped function, each fact ({@code fact} line) exactly once. Collects the accepted lines into a
 * {@link DescriptorSpec}.
 */
final class DescriptorChecker {
    private final DescriptorSource source;
    private final DescriptorSpec spec = new DescriptorSpec();
    private final Map<String, Integer> mappedAt = new HashMap<>();
    private final Map<String, Integer> mappedNameAt = new HashMap<>();
    private final Map<String, Integer> excludedAt = new HashMap<>();
    /** Function -> line of its canonical mapping for every version. */
    private final Map<MpiFunction, Integer> canonicalAt = new EnumMap<>(MpiFunction.class);
    /** "FUNCTION in version" -> line of its canonical mapping for that version. */
    private final Map<String, Integer> versionedCanonicalAt = new HashMap<>();
    /** Function -> line of its first canonical mapping for one version. */
    private final Map<MpiFunction, Integer> firstVersionedCanonicalAt = new EnumMap<>(MpiFunction.class);

    private final Map<MpiFunction, Integer> firstMapAt = new EnumMap<>(MpiFunction.class);
    /** Fact -> line of its {@code fact} line. */
    private final Map<BindingFact, Integer> factAt = new EnumMap<>(BindingFact.class);

    DescriptorChecker(DescriptorSource source) {
        this.source = source;
        spec.resource = source.resource;
    }

    /** Before a line with keyword {@code kw} is read: the first line must be {@code binding}. */
    void keyword(String kw) {
        if (spec.id == null && !kw.equals("binding")) {
            throw source.fail("the first line must be 'binding <id>', not '" + kw + "'");
        }
    }

    void binding(String id) {
        if (spec.id != null) {
            throw source.fail("second 'binding' line");
        }
        spec.id = id;
    }

    void title(String title) {
        once(spec.title, "title");
        spec.title = title;
    }

    void packages(List<String> prefixes) {
        if (!spec.packages.isEmpty()) {
            throw source.fail("second 'packages' line");
        }
        spec.packages.addAll(prefixes);
    }

    void fingerprint(String[] member) {
        spec.fingerprints.add(member);
    }

    void version(String[] line) {
        for (String[] v : spec.versions) {
            if (v[0].equals(line[0])) {
                throw source.fail("version '" + line[0] + "' appears twice");
            }
            if (v.length == 1) {
                throw source.fail("version '" + v[0] + "' has no method, so it must be the last version line");
            }
        }
        spec.versions.add(line);
    }

    void constants(String className) {
        once(spec.constantsClass, "constants");
        spec.constantsClass = className;
    }

    void datatypeSize(String[] member) {
        once(spec.datatypeSize, "datatype-size");
        spec.datatypeSize = member;
    }

    void datatypeSizeUnit(String[] member) {
        once(spec.datatypeSizeUnit, "datatype-size-unit");
        if (spec.datatypeSize == null) {
            throw source.fail("'datatype-size-unit' before 'datatype-size'");
        }
        spec.datatypeSizeUnit = member;
    }

    void object(BindType kind, String className) {
        if (spec.objectClasses.containsKey(kind)) {
            throw source.fail("'object " + kind + "' appears twice");
        }
        spec.objectClasses.put(kind, className);
    }

    void nativeLibrary(String name) {
        if (spec.nativeLibrary != null) {
            throw source.fail("'native-library' appears twice");
        }
        spec.nativeLibrary = name;
    }

    void nativeHandle(String[] member) {
        once(spec.nativeHandle, "native-handle");
        spec.nativeHandle = member;
    }

    void repair(String[] line) {
        owned(line[0]);
        for (String[] r : spec.repairs) {
            if (r[0].equals(line[0]) && r[1].equals(line[1]) && r[2].equals(line[2])) {
                throw source.fail("'repair " + line[0] + " " + line[1] + " " + line[2] + "' appears twice");
            }
        }
        spec.repairs.add(line);
    }

    void requestNull(String[] member) {
        once(spec.requestNull, "request-null");
        spec.requestNull = member;
    }

    void exception(String[] constructor) {
        once(spec.exception, "exception");
        spec.exception = constructor;
    }

    void status(String[] line) {
        for (String[] l : spec.status) {
            if (l[0].equals(line[0])) {
                throw source.fail("second 'status " + line[0] + "' line");
            }
        }
        owned(line[1]);
        spec.status.add(line);
    }

    void map(MapLine m) {
        owned(m.owner);
        int lineNo = source.lineNo;
        String key = m.owner + '.' + m.name + m.descriptor;
        Integer dup = mappedAt.putIfAbsent(key, lineNo);
        if (dup != null) {
            throw source.fail("duplicate mapping of " + key + " (first at line " + dup + ")");
        }
        Integer ex = excluded(m.owner, m.name, m.descriptor);
        if (ex != null) {
            throw source.fail(key + " is both mapped and excluded (exclude at line " + ex + ")");
        }
        mappedNameAt.putIfAbsent(m.owner + '.' + m.name, lineNo);
        firstMapAt.putIfAbsent(m.function, lineNo);
        if (m.version != null && !hasVersion(m.version)) {
            throw source.fail("in=" + m.version + ": no 'version " + m.version + "' line before it");
        }
        if (m.canonical) {
            // One canonical line per function, or one per version when the lines are versioned.
            Integer other;
            if (m.version == null) {
                other = canonicalAt.putIfAbsent(m.function, lineNo);
                if (other == null) {
                    other = firstVersionedCanonicalAt.get(m.function);
                }
            } else {
                other = versionedCanonicalAt.putIfAbsent(m.function + " in " + m.version, lineNo);
                firstVersionedCanonicalAt.putIfAbsent(m.function, lineNo);
                if (other == null) {
                    other = canonicalAt.get(m.function);
                }
            }
            if (other != null) {
                throw source.fail("second canonical mapping of " + m.function + " (first at line " + other + ")");
            }
        }
        spec.maps.add(m);
    }

    void exclude(ExcludeLine e) {
        owned(e.owner);
        String key = e.owner + '.' + e.name + (e.descriptor == null ? " *" : e.descriptor);
        Integer dup = excludedAt.putIfAbsent(key, source.lineNo);
        if (dup != null) {
            throw source.fail("duplicate exclusion of " + key + " (first at line " + dup + ")");
        }
        Integer mapped = e.descriptor == null
                ? mappedNameAt.get(e.owner + '.' + e.name)
                : mappedAt.get(e.owner + '.' + e.name + e.descriptor);
        if (mapped != null) {
            throw source.fail(key + " is both mapped (line " + mapped + ") and excluded");
        }
        spec.excludes.add(e);
    }

    void fact(BindingFact fact, String value) {
        Integer at = factAt.get(fact);
        if (at != null) {
            throw source.fail("second 'fact " + fact.keyword() + "' line (the first is line " + at + ")");
        }
        factAt.put(fact, source.lineNo);
        spec.facts.put(fact, value);
    }

    /**
     * After the last line: the headers and every fact are there and every mapped function has its
     * canonical line.
     */
    DescriptorSpec finish() {
        header();
        for (BindingFact f : BindingFact.values()) {
            if (!spec.facts.containsKey(f)) {
                throw source.fail("missing 'fact " + f.keyword() + " <" + String.join("|", f.allowed())
                        + ">' line: every descriptor says it (see org.qmpi4j.descriptorform.BindingFact)");
            }
        }
        for (Map.Entry<MpiFunction, Integer> f : firstMapAt.entrySet()) {
            if (!canonicalAt.containsKey(f.getKey()) && !firstVersionedCanonicalAt.containsKey(f.getKey())) {
                source.at(f.getValue(), null);
                throw source.fail(f.getKey() + " is mapped but no mapping of it is marked 'canonical'");
            }
        }
        return spec;
    }

    /** The header lines are there. */
    private void header() {
        source.at(0, null);
        if (spec.id == null) {
            throw source.fail("empty descriptor: no 'binding <id>' line");
        }
        if (spec.title == null) {
            throw source.fail("missing 'title' line");
        }
        if (spec.packages.isEmpty()) {
            throw source.fail("missing 'packages' line");
        }
        if (spec.fingerprints.isEmpty()) {
            throw source.fail("missing 'fingerprint' line");
        }
    }

    private boolean hasVersion(String label) {
        for (String[] v : spec.versions) {
            if (v[0].equals(label)) {
                return true;
            }
        }
        return false;
    }

    private @Nullable Integer excluded(String owner, String name, String desc) {
        Integer at = excludedAt.get(owner + '.' + name + desc);
        return at != null ? at : excludedAt.get(owner + '.' + name + " *");
    }

    private void owned(String className) {
        if (spec.packages.isEmpty()) {
            throw source.fail("'packages' must come before 'map' and 'exclude' lines");
        }
        for (String p : spec.packages) {
            if (inPackage(className, p)) {
                return;
            }
        }
        throw source.fail("class " + className + " is not in the binding's packages " + spec.packages);
    }

    /**
     * Whether class {@code internalName} is in {@code entry} of a {@code packages} line: an entry
     * without {@code **} takes no subpackage.
     */
    static boolean inPackage(String internalName, String entry) {
        if (entry.endsWith("/**")) {
            return internalName.startsWith(entry.substring(0, entry.length() - 2));
        }
        return internalName.startsWith(entry) && internalName.indexOf('/', entry.length()) < 0;
    }

    private void once(@Nullable Object previous, String kw) {
        if (previous != null) {
            throw source.fail("second '" + kw + "' line");
        }
    }
}
