package org.qmpi4j.agent.internal.binding;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;

/**
 * Reads one binding descriptor. The format is line-oriented so that a descriptor can be reviewed
 * line by line against the binding's sources, and checked strictly so that a typo fails in
 * {@code premain} with {@code resource:line:} instead of silently leaving a call unintercepted.
 *
 * <pre>
 * # comment (whole lines only)
 * binding     &lt;id&gt;                               first line; [a-z0-9_-]+
 * title       &lt;text to end of line&gt;
 * packages    &lt;prefix&gt;...                       internal-name prefixes owned by the binding (mpi/)
 * fingerprint &lt;class&gt; &lt;method&gt; &lt;descriptor&gt;    one or more; all must be declared to recognise it
 * constants   &lt;class&gt;                            COMM_WORLD, INT, SUM, ...
 * datatype-size      &lt;class&gt; &lt;member&gt; &lt;descriptor&gt;  size of one datatype item (method "()I" or field "I")
 * datatype-size-unit &lt;class&gt; &lt;member&gt; &lt;descriptor&gt;  optional: bytes per unit of datatype-size
 * object  &lt;MPI_T bind kind&gt; &lt;class&gt;             optional: the class of MPI objects of a kind (MPI_COMM mpi/Comm),
 *                                                 for MPI_T handles bound to objects
 * request-null &lt;class&gt; &lt;method&gt; &lt;descriptor&gt;    optional: "()Z", true once a request is complete and freed
 * map     &lt;class&gt; &lt;method&gt; &lt;descriptor&gt; &lt;MPI_FUNCTION&gt; [static] [canonical] [role=value]...
 * exclude &lt;class&gt; &lt;method&gt; &lt;descriptor|*&gt; &lt;reason to end of line&gt;
 * </pre>
 *
 * Roles are {@code comm buf offset count type peer tag request}; a value is a 0-based parameter
 * index (not counting the receiver), {@code this} (comm, type, request of an instance method) or
 * {@code return} (request). {@code count}, {@code offset}, {@code peer} and {@code tag} must be
 * {@code int} parameters, the others of reference type. Each function that is mapped must have
 * exactly one {@code canonical} line; a method may not be both mapped and excluded.
 */
public final class DescriptorParser {
    private static final String STATIC = "static";
    private static final String CANONICAL = "canonical";

    private final String resource;
    private final Spec spec = new Spec();
    private final Map<String, Integer> mappedAt = new HashMap<>();
    private final Map<String, Integer> mappedNameAt = new HashMap<>();
    private final Map<String, Integer> excludedAt = new HashMap<>();
    private final Map<MpiFunction, Integer> canonicalAt = new EnumMap<>(MpiFunction.class);
    private final Map<MpiFunction, Integer> firstMapAt = new EnumMap<>(MpiFunction.class);
    private int lineNo;
    private String lineText;

    private DescriptorParser(String resource) {
        this.resource = resource;
        spec.resource = resource;
    }

    /**
     * Parses a descriptor whose mappings get ids {@code firstId, firstId + 1, ...}.
     *
     * @throws BindingFormatException if it is malformed or cannot be read
     */
    public static BindingDescriptor parse(String resource, Reader in, int firstId) {
        DescriptorParser p = new DescriptorParser(resource);
        try {
            BufferedReader r = in instanceof BufferedReader ? (BufferedReader) in : new BufferedReader(in);
            String line;
            while ((line = r.readLine()) != null) {
                p.lineNo++;
                p.line(line);
            }
        } catch (IOException e) {
            throw new BindingFormatException(resource, p.lineNo, "cannot read: " + e, e);
        }
        p.finish();
        return new BindingDescriptor(p.spec, firstId);
    }

    private void line(String text) {
        lineText = text;
        String[] t = tokens(text);
        if (t.length == 0 || t[0].charAt(0) == '#') {
            return;
        }
        String kw = t[0];
        if (spec.id == null && !kw.equals("binding")) {
            throw fail("the first line must be 'binding <id>', not '" + kw + "'");
        }
        switch (kw) {
            case "binding":
                arity(t, 2, 2, "binding <id>");
                if (spec.id != null) {
                    throw fail("second 'binding' line");
                }
                if (!t[1].matches("[a-z0-9_-]+")) {
                    throw fail("binding id must match [a-z0-9_-]+: '" + t[1] + "'");
                }
                spec.id = t[1];
                break;
            case "title":
                arity(t, 2, Integer.MAX_VALUE, "title <text>");
                once(spec.title, kw);
                spec.title = rest(text, 1);
                break;
            case "packages":
                arity(t, 2, Integer.MAX_VALUE, "packages <prefix>...");
                if (!spec.packages.isEmpty()) {
                    throw fail("second 'packages' line");
                }
                for (int i = 1; i < t.length; i++) {
                    if (!t[i].endsWith("/") || t[i].startsWith("/") || t[i].indexOf('.') >= 0) {
                        throw fail("package prefix must be an internal name ending in '/': '" + t[i] + "'");
                    }
                    spec.packages.add(t[i]);
                }
                break;
            case "fingerprint":
                arity(t, 4, 4, "fingerprint <class> <method> <descriptor>");
                className(t[1]);
                methodName(t[2]);
                signature(t[3]);
                spec.fingerprints.add(new String[] {t[1], t[2], t[3]});
                break;
            case "constants":
                arity(t, 2, 2, "constants <class>");
                once(spec.constantsClass, kw);
                spec.constantsClass = className(t[1]);
                break;
            case "datatype-size":
                arity(t, 4, 4, "datatype-size <class> <member> <descriptor>");
                once(spec.datatypeSize, kw);
                spec.datatypeSize = sizeMember(t);
                break;
            case "datatype-size-unit":
                arity(t, 4, 4, "datatype-size-unit <class> <member> <descriptor>");
                once(spec.datatypeSizeUnit, kw);
                if (spec.datatypeSize == null) {
                    throw fail("'datatype-size-unit' before 'datatype-size'");
                }
                spec.datatypeSizeUnit = sizeMember(t);
                break;
            case "object":
                arity(t, 3, 3, "object <MPI_T bind kind> <class>");
                objectKind(t);
                break;
            case "request-null":
                arity(t, 4, 4, "request-null <class> <method> ()Z");
                once(spec.requestNull, kw);
                className(t[1]);
                methodName(t[2]);
                if (!t[3].equals("()Z")) {
                    throw fail("request-null names a method '()Z', not " + t[3]);
                }
                spec.requestNull = new String[] {t[1], t[2], t[3]};
                break;
            case "map":
                map(t);
                break;
            case "exclude":
                exclude(t, text);
                break;
            default:
                throw fail("unknown keyword '" + kw + "'");
        }
    }

    private void map(String[] t) {
        if (t.length < 5) {
            throw fail("expected 'map <class> <method> <descriptor> <MPI_FUNCTION> [static] [canonical] [role=value]...'");
        }
        MapLine m = new MapLine();
        m.owner = ownedClass(t[1]);
        m.name = methodName(t[2]);
        m.descriptor = t[3];
        Sig sig = signature(t[3]);
        m.parameterCount = sig.params.length;
        try {
            m.function = MpiFunction.valueOf(t[4]);
        } catch (IllegalArgumentException e) {
            throw fail("unknown MPI function '" + t[4] + "' (see org.qmpi4j.api.MpiFunction)");
        }
        m.roles = MethodMapping.noRoles();
        boolean constructor = "<init>".equals(m.name);
        if (constructor && !"V".equals(sig.ret)) {
            throw fail("a constructor returns V: " + t[3]);
        }
        for (int i = 5; i < t.length; i++) {
            String w = t[i];
            if (w.equals(STATIC)) {
                if (m.isStatic) {
                    throw fail("'static' twice");
                }
                if (constructor) {
                    throw fail("a constructor cannot be static");
                }
                m.isStatic = true;
            } else if (w.equals(CANONICAL)) {
                if (m.canonical) {
                    throw fail("'canonical' twice");
                }
                m.canonical = true;
            } else {
                role(m, sig, w);
            }
        }
        // 'static' may follow roles, so check receiver roles once all flags are known.
        for (Role r : Role.values()) {
            if (m.roles[r.ordinal()] == MethodMapping.RECEIVER && (m.isStatic || constructor)) {
                throw fail(r.keyword() + "=this, but " + m.name + " has no receiver"
                        + (constructor ? " (constructor)" : " (static)"));
            }
        }
        String key = m.owner + '.' + m.name + m.descriptor;
        Integer dup = mappedAt.putIfAbsent(key, lineNo);
        if (dup != null) {
            throw fail("duplicate mapping of " + key + " (first at line " + dup + ")");
        }
        Integer ex = excluded(m.owner, m.name, m.descriptor);
        if (ex != null) {
            throw fail(key + " is both mapped and excluded (exclude at line " + ex + ")");
        }
        mappedNameAt.putIfAbsent(m.owner + '.' + m.name, lineNo);
        firstMapAt.putIfAbsent(m.function, lineNo);
        if (m.canonical) {
            Integer other = canonicalAt.putIfAbsent(m.function, lineNo);
            if (other != null) {
                throw fail("second canonical mapping of " + m.function + " (first at line " + other + ")");
            }
        }
        spec.maps.add(m);
    }

    private void role(MapLine m, Sig sig, String word) {
        int eq = word.indexOf('=');
        if (eq <= 0 || eq == word.length() - 1) {
            throw fail("expected 'static', 'canonical' or role=value, not '" + word + "'");
        }
        String name = word.substring(0, eq);
        String value = word.substring(eq + 1);
        Role r = Role.forKeyword(name);
        if (r == null) {
            throw fail("unknown role '" + name + "' (comm, buf, offset, count, type, peer, tag, request)");
        }
        if (m.roles[r.ordinal()] != MethodMapping.NONE) {
            throw fail("role '" + name + "' twice");
        }
        int at;
        if (value.equals("this")) {
            if (r != Role.COMM && r != Role.DATATYPE && r != Role.REQUEST) {
                throw fail(name + "=this: only comm, type and request can be the receiver");
            }
            at = MethodMapping.RECEIVER;
        } else if (value.equals("return")) {
            if (r != Role.REQUEST) {
                throw fail(name + "=return: only request can be the return value");
            }
            if (!isReference(sig.ret)) {
                throw fail("request=return, but the method returns " + sig.ret);
            }
            at = MethodMapping.RETURN;
        } else {
            at = index(value, name);
            if (at >= sig.params.length) {
                throw fail(name + "=" + at + " is out of range: " + m.name + m.descriptor + " has "
                        + sig.params.length + " parameter(s)");
            }
            String type = sig.params[at];
            switch (r) {
                case COUNT:
                case OFFSET:
                case PEER:
                case TAG:
                    if (!type.equals("I")) {
                        throw fail(name + "=" + at + " must be an int parameter, not " + type);
                    }
                    break;
                case COMM:
                case DATATYPE:
                    if (!type.startsWith("L")) {
                        throw fail(name + "=" + at + " must be an object parameter, not " + type);
                    }
                    break;
                default: // BUFFER, REQUEST: an object or an array
                    if (!isReference(type)) {
                        throw fail(name + "=" + at + " must be a reference parameter, not " + type);
                    }
            }
        }
        m.roles[r.ordinal()] = at;
    }

    private int index(String value, String role) {
        if (value.isEmpty() || value.length() > 3) {
            throw fail("bad value for " + role + ": '" + value + "' (a parameter index, 'this' or 'return')");
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                throw fail("bad value for " + role + ": '" + value + "' (a parameter index, 'this' or 'return')");
            }
        }
        return Integer.parseInt(value);
    }

    private void exclude(String[] t, String text) {
        if (t.length < 5) {
            throw fail("expected 'exclude <class> <method> <descriptor|*> <reason>' (a reason is required)");
        }
        ExcludeLine e = new ExcludeLine();
        e.owner = ownedClass(t[1]);
        e.name = methodName(t[2]);
        if (!t[3].equals("*")) {
            signature(t[3]);
            e.descriptor = t[3];
        }
        e.reason = rest(text, 4);
        String key = e.owner + '.' + e.name + (e.descriptor == null ? " *" : e.descriptor);
        Integer dup = excludedAt.putIfAbsent(key, lineNo);
        if (dup != null) {
            throw fail("duplicate exclusion of " + key + " (first at line " + dup + ")");
        }
        Integer mapped = e.descriptor == null ? mappedNameAt.get(e.owner + '.' + e.name)
                : mappedAt.get(e.owner + '.' + e.name + e.descriptor);
        if (mapped != null) {
            throw fail(key + " is both mapped (line " + mapped + ") and excluded");
        }
        spec.excludes.add(e);
    }

    private Integer excluded(String owner, String name, String desc) {
        Integer at = excludedAt.get(owner + '.' + name + desc);
        return at != null ? at : excludedAt.get(owner + '.' + name + " *");
    }

    private void finish() {
        lineNo = 0;
        lineText = null;
        if (spec.id == null) {
            throw fail("empty descriptor: no 'binding <id>' line");
        }
        if (spec.title == null) {
            throw fail("missing 'title' line");
        }
        if (spec.packages.isEmpty()) {
            throw fail("missing 'packages' line");
        }
        if (spec.fingerprints.isEmpty()) {
            throw fail("missing 'fingerprint' line");
        }
        for (Map.Entry<MpiFunction, Integer> f : firstMapAt.entrySet()) {
            if (!canonicalAt.containsKey(f.getKey())) {
                lineNo = f.getValue();
                throw fail(f.getKey() + " is mapped but no mapping of it is marked 'canonical'");
            }
        }
    }

    private void objectKind(String[] t) {
        org.qmpi4j.api.mpit.BindType kind;
        try {
            kind = org.qmpi4j.api.mpit.BindType.valueOf(t[1]);
        } catch (IllegalArgumentException e) {
            throw fail("unknown MPI_T bind kind '" + t[1] + "'");
        }
        if (kind == org.qmpi4j.api.mpit.BindType.NO_OBJECT) {
            throw fail("NO_OBJECT has no class");
        }
        if (spec.objectClasses.containsKey(kind)) {
            throw fail("'object " + kind + "' appears twice");
        }
        spec.objectClasses.put(kind, className(t[2]));
    }

    private String[] sizeMember(String[] t) {
        className(t[1]);
        if (t[3].startsWith("(")) {
            methodName(t[2]);
            Sig s = signature(t[3]);
            if (s.params.length != 0 || !(s.ret.equals("I") || s.ret.equals("J"))) {
                throw fail(t[0] + " method must take no arguments and return int or long: " + t[3]);
            }
        } else if (!(t[3].equals("I") || t[3].equals("J"))) {
            throw fail(t[0] + " field must be int (I) or long (J), not '" + t[3] + "'");
        }
        return new String[] {t[1], t[2], t[3]};
    }

    private String ownedClass(String name) {
        className(name);
        if (spec.packages.isEmpty()) {
            throw fail("'packages' must come before 'map' and 'exclude' lines");
        }
        for (String p : spec.packages) {
            if (name.startsWith(p)) {
                return name;
            }
        }
        throw fail("class " + name + " is not in the binding's packages " + spec.packages);
    }

    private String className(String name) {
        if (name.isEmpty() || name.startsWith("/") || name.endsWith("/") || name.contains("//")
                || containsAny(name, ".;[<>")) {
            throw fail("not a class internal name (like mpi/Comm): '" + name + "'");
        }
        return name;
    }

    private String methodName(String name) {
        if (!name.equals("<init>") && (name.isEmpty() || containsAny(name, ".;[/<>"))) {
            throw fail("not a method name: '" + name + "'");
        }
        return name;
    }

    private Sig signature(String desc) {
        Sig s = Sig.parse(desc);
        if (s == null) {
            throw fail("malformed method descriptor '" + desc + "'");
        }
        return s;
    }

    private void arity(String[] t, int min, int max, String usage) {
        if (t.length < min || t.length > max) {
            throw fail("expected '" + usage + "'");
        }
    }

    private void once(Object previous, String kw) {
        if (previous != null) {
            throw fail("second '" + kw + "' line");
        }
    }

    private BindingFormatException fail(String message) {
        return new BindingFormatException(resource, lineNo,
                lineText == null ? message : message + "\n    " + lineText.trim());
    }

    private static boolean containsAny(String s, String chars) {
        for (int i = 0; i < chars.length(); i++) {
            if (s.indexOf(chars.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean isReference(String type) {
        return type.startsWith("L") || type.startsWith("[");
    }

    /** Whitespace-separated tokens. */
    private static String[] tokens(String line) {
        List<String> out = new ArrayList<>(8);
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(line.substring(start, i));
            }
        }
        return out.toArray(new String[0]);
    }

    /** The text from token {@code index} to the end of the line, trimmed. */
    private static String rest(String line, int index) {
        int n = line.length();
        int i = 0;
        for (int k = 0; k < index; k++) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
        }
        return line.substring(i).trim();
    }

    /** A parsed JVM method descriptor: parameter type descriptors and return type descriptor. */
    static final class Sig {
        final String[] params;
        final String ret;

        private Sig(String[] params, String ret) {
            this.params = params;
            this.ret = ret;
        }

        /** Parses {@code (params)ret}, or returns {@code null} if malformed. */
        static Sig parse(String desc) {
            if (desc.length() < 3 || desc.charAt(0) != '(') {
                return null;
            }
            List<String> params = new ArrayList<>();
            int i = 1;
            while (i < desc.length() && desc.charAt(i) != ')') {
                int end = typeEnd(desc, i);
                if (end < 0) {
                    return null;
                }
                params.add(desc.substring(i, end));
                i = end;
            }
            if (i >= desc.length()) {
                return null;
            }
            i++; // ')'
            String ret;
            if (i < desc.length() && desc.charAt(i) == 'V') {
                ret = "V";
                i++;
            } else {
                int end = typeEnd(desc, i);
                if (end < 0) {
                    return null;
                }
                ret = desc.substring(i, end);
                i = end;
            }
            return i == desc.length() ? new Sig(params.toArray(new String[0]), ret) : null;
        }

        private static int typeEnd(String d, int i) {
            while (i < d.length() && d.charAt(i) == '[') {
                i++;
            }
            if (i >= d.length()) {
                return -1;
            }
            char c = d.charAt(i);
            if ("ZBCSIJFD".indexOf(c) >= 0) {
                return i + 1;
            }
            if (c == 'L') {
                int semi = d.indexOf(';', i);
                if (semi <= i + 1 || containsAny(d.substring(i + 1, semi), ".[()<>")) {
                    return -1;
                }
                return semi + 1;
            }
            return -1;
        }
    }

    /** The header and lines of a descriptor, as {@link BindingDescriptor} is built from. */
    static final class Spec {
        String resource;
        String id;
        String title;
        final List<String> packages = new ArrayList<>();
        final List<String[]> fingerprints = new ArrayList<>();
        String constantsClass;
        String[] datatypeSize;
        String[] datatypeSizeUnit;
        String[] requestNull;
        final Map<org.qmpi4j.api.mpit.BindType, String> objectClasses =
                new java.util.EnumMap<>(org.qmpi4j.api.mpit.BindType.class);
        final List<MapLine> maps = new ArrayList<>();
        final List<ExcludeLine> excludes = new ArrayList<>();
    }

    static final class MapLine {
        String owner;
        String name;
        String descriptor;
        boolean isStatic;
        boolean canonical;
        MpiFunction function;
        int[] roles;
        int parameterCount;
    }

    static final class ExcludeLine {
        String owner;
        String name;
        /** {@code null} for {@code *}: every overload of the name. */
        String descriptor;
        String reason;
    }
}
