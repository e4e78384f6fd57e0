package org.qmpi4j.descriptor;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.descriptorform.BindingFact;
import org.qmpi4j.descriptorform.DescriptorSpec;
import org.qmpi4j.descriptorform.DescriptorSpec.ExcludeLine;
import org.qmpi4j.descriptorform.DescriptorSpec.MapLine;
import org.qmpi4j.descriptorform.RoleKeyword;
import org.qmpi4j.descriptorform.Vocabulary;

/**
 * Reads one binding descriptor. The format is line-oriented so that a descriptor can be reviewed
 * line by line against the binding's sources, and checked strictly so that a typo fails with
 * {@code resource:line:} when the agent is built, instead of silently leaving a call
 * unintercepted.
 *
 * <pre>
 * # comment (whole lines only)
 * binding     &lt;id&gt;                               first line; [a-z0-9_-]+
 * title       &lt;text to end of line&gt;
 * packages    &lt;package&gt;...                      packages owned by the binding: mpi/ (that package), xdev/** (and
 *                                                 its subpackages); an application's mpi.app is not the binding's
 * fingerprint &lt;class&gt; &lt;method&gt; &lt;descriptor&gt;    one or more; all must be declared to recognise it
 * version &lt;label&gt; [&lt;class&gt; &lt;method&gt; &lt;descriptor&gt;]  optional, in order: the binding is of the first
 *                                                 version whose method it declares (no method: the fallback)
 * constants   &lt;class&gt;                            COMM_WORLD, INT, SUM, ...
 * datatype-size      &lt;class&gt; &lt;member&gt; &lt;descriptor&gt;  size of one datatype item (method "()I" or field "I")
 * datatype-size-unit &lt;class&gt; &lt;member&gt; &lt;descriptor&gt;  optional: bytes per unit of datatype-size
 * object  &lt;MPI_T bind kind&gt; &lt;class&gt;             optional: the class of MPI objects of a kind (MPI_COMM mpi/Comm),
 *                                                 for MPI_T handles bound to objects
 * request-null &lt;class&gt; &lt;method&gt; &lt;descriptor&gt;    optional: "()Z", true once a request is complete and freed
 * repair  &lt;class&gt; &lt;method&gt; &lt;descriptor&gt; wait-loop  optional, any number: a method of the binding's runtime
 *                                                 whose guarded {@code Object.wait} must be a loop (see
 *                                                 {@code instrument.WaitLoopRepair}); the class must be owned
 * exception &lt;class&gt; &lt;constructor descriptor&gt;     optional: the binding's exception, made for tools that fail a call:
 *                                                 "(IILjava/lang/String;)V" (code, class, message) or
 *                                                 "(Ljava/lang/String;)V" (message only); may be non-public
 * fact    &lt;name&gt; &lt;value&gt;                     each {@link BindingFact} exactly once: what the binding does that
 *                                                 tools must know and no map line says: "fact buffers nio" (a
 *                                                 buffer, then its count) or "fact buffers array-offset" (an array,
 *                                                 then an int element offset, then the count); "fact free
 *                                                 invalidates" (a freed object's handle is invalid) or "fact free
 *                                                 no-op" (a free does nothing)
 * status  source|tag|index &lt;class&gt; &lt;member&gt; &lt;descriptor&gt;  optional, each once: the public member of the
 *                                                 binding's status class (declared or inherited) that gives the
 *                                                 message's source, tag or the completed request's index: a method
 *                                                 "()I" or an int field "I"
 * map     &lt;class&gt; &lt;method&gt; &lt;descriptor&gt; &lt;MPI_FUNCTION&gt; [static] [canonical] [in=&lt;version&gt;] [role=value]...
 * exclude &lt;class&gt; &lt;method&gt; &lt;descriptor|*&gt; &lt;reason to end of line&gt;
 * </pre>
 *
 * Roles are {@code comm buf offset count type peer tag request blocks blocklen sendcounts
 * recvcounts sendtype recvtype recvcount recvpeer recvtag disp tcount ttype}; a value is a
 * 0-based parameter index (not counting the receiver), {@code this} (comm, type, request of an
 * instance method) or {@code return} (request). {@code count}, {@code offset}, {@code peer},
 * {@code tag} and {@code blocks} must be {@code int} parameters, {@code blocklen} an {@code int} or
 * {@code int[]}, the others of reference type. The datatype constructors name what their type's
 * signature is made of: {@code blocks} (a contiguous or vector type's number of blocks),
 * {@code blocklen} (a vector's block length, or every block's of an indexed or struct type) and
 * {@code type} (the old type, or a struct's array of them). The {@code v} collectives name their
 * counts arrays, {@code sendcounts} and {@code recvcounts} ({@code int[]}), each of the datatype
 * {@code sendtype} or {@code recvtype} where the line names one, else {@code type}; the send-receive
 * calls name their receive half's {@code recvcount}, {@code recvtype}, {@code recvpeer} and
 * {@code recvtag} ({@code int}s but the type); the one-sided calls their target's {@code disp} and
 * {@code tcount} ({@code int}s) and {@code ttype}. Each function that is mapped must have
 * exactly one {@code canonical} line per version; a method may not be both mapped and excluded. A
 * line with {@code in=<version>} describes a method only that version of the binding has (Open
 * MPI 5.0 changed one signature of 4.1): the agent keeps every line (a method a binding lacks is
 * never called), and the coverage test holds each line to the jar of its version.
 *
 * <p>This class reads the syntax of each line (keywords, arity, names, descriptors, roles against
 * the method's own signature); {@link DescriptorChecker} applies the rules across lines.
 *
 * <p>One class because it is the syntax of one format, described once in this comment: each kind of
 * line is a short method of one pass, sharing the resource and line number that every error names.
 */
final class DescriptorParser {
    private static final String STATIC = "static";
    private static final String CANONICAL = "canonical";

    private final DescriptorSource source;
    private final DescriptorChecker checker;

    private DescriptorParser(String resource) {
        this.source = new DescriptorSource(resource);
        this.checker = new DescriptorChecker(source);
    }

    /**
     * Parses and checks the text of a descriptor. Lines end at {@code \n} (a {@code \r} before it
     * is dropped).
     *
     * @throws DescriptorException if it is malformed
     */
    static DescriptorSpec parse(String resource, String text) {
        DescriptorParser p = new DescriptorParser(resource);
        int lineNo = 0;
        int pos = 0;
        int n = text.length();
        while (pos < n) {
            int nl = text.indexOf('\n', pos);
            int end = nl < 0 ? n : nl;
            String line = text.substring(pos, end > pos && text.charAt(end - 1) == '\r' ? end - 1 : end);
            p.source.at(++lineNo, line);
            p.line(line);
            pos = end + 1;
        }
        return p.checker.finish();
    }

    private void line(String text) {
        String[] t = tokens(text);
        if (t.length == 0 || t[0].charAt(0) == '#') {
            return;
        }
        String kw = t[0];
        checker.keyword(kw);
        switch (kw) {
            case "binding":
                arity(t, 2, 2, "binding <id>");
                checker.binding(bindingId(t[1]));
                break;
            case "title":
                arity(t, 2, Integer.MAX_VALUE, "title <text>");
                checker.title(rest(text, 1));
                break;
            case "packages":
                arity(t, 2, Integer.MAX_VALUE, "packages <prefix>...");
                checker.packages(packagePrefixes(t));
                break;
            case "fingerprint":
                arity(t, 4, 4, "fingerprint <class> <method> <descriptor>");
                checker.fingerprint(method(t));
                break;
            case "repair":
                arity(t, 5, 5, "repair <class> <method> <descriptor> wait-loop");
                if (!t[4].equals(Vocabulary.REPAIR_WAIT_LOOP)) {
                    throw fail("unknown repair '" + t[4] + "' (known: " + Vocabulary.REPAIR_WAIT_LOOP + ")");
                }
                String[] m = method(t);
                checker.repair(new String[] {m[0], m[1], m[2], t[4]});
                break;
            case "version":
                if (t.length != 2 && t.length != 5) {
                    throw fail("expected 'version <label> [<class> <method> <descriptor>]'");
                }
                checker.version(t.length == 2 ? new String[] {t[1]} : new String[] {t[1], t[2], t[3], t[4]});
                if (t.length == 5) {
                    method(new String[] {t[0], t[2], t[3], t[4]});
                }
                break;
            case "constants":
                arity(t, 2, 2, "constants <class>");
                checker.constants(className(t[1]));
                break;
            case "datatype-size":
                arity(t, 4, 4, "datatype-size <class> <member> <descriptor>");
                checker.datatypeSize(sizeMember(t));
                break;
            case "datatype-size-unit":
                arity(t, 4, 4, "datatype-size-unit <class> <member> <descriptor>");
                checker.datatypeSizeUnit(sizeMember(t));
                break;
            case "object":
                arity(t, 3, 3, "object <MPI_T bind kind> <class>");
                checker.object(objectKind(t[1]), className(t[2]));
                break;
            case "request-null":
                arity(t, 4, 4, "request-null <class> <method> ()Z");
                className(t[1]);
                methodName(t[2]);
                if (!t[3].equals("()Z")) {
                    throw fail("request-null names a method '()Z', not " + t[3]);
                }
                checker.requestNull(new String[] {t[1], t[2], t[3]});
                break;
            case "exception":
                arity(t, 3, 3, "exception <class> <constructor descriptor>");
                className(t[1]);
                if (!t[2].equals(Vocabulary.EXCEPTION_WITH_CLASS) && !t[2].equals(Vocabulary.EXCEPTION_WITH_MESSAGE)) {
                    throw fail("exception names a constructor " + Vocabulary.EXCEPTION_WITH_CLASS + " or "
                            + Vocabulary.EXCEPTION_WITH_MESSAGE + ", not " + t[2]);
                }
                checker.exception(new String[] {t[1], t[2]});
                break;
            case "native-library":
                arity(t, 2, 2, "native-library <name as System.loadLibrary takes it>");
                if (!allOf(t[1], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")) {
                    throw fail("native-library takes a library name, not '" + t[1] + "'");
                }
                checker.nativeLibrary(t[1]);
                break;
            case "native-handle":
                arity(t, 4, 4, "native-handle <class> <field> J");
                className(t[1]);
                if (!t[3].equals("J")) {
                    throw fail("native-handle names a long field 'J', not " + t[3]);
                }
                checker.nativeHandle(new String[] {t[1], t[2]});
                break;
            case "status":
                arity(t, 5, 5, "status source|tag|index <class> <member> ()I|I");
                checker.status(statusLine(t));
                break;
            case "fact":
                arity(t, 3, 3, "fact <name> <value>");
                checker.fact(fact(t[1]), factValue(fact(t[1]), t[2]));
                break;
            case "map":
                checker.map(map(t));
                break;
            case "exclude":
                checker.exclude(exclude(t, text));
                break;
            default:
                throw fail("unknown keyword '" + kw + "'");
        }
    }

    /** Whether {@code s} is not empty and every character of it is one of {@code allowed} (no regular expression at start-up). */
    private static boolean allOf(String s, String allowed) {
        for (int i = 0; i < s.length(); i++) {
            if (allowed.indexOf(s.charAt(i)) < 0) {
                return false;
            }
        }
        return !s.isEmpty();
    }

    private String bindingId(String id) {
        if (!allOf(id, "abcdefghijklmnopqrstuvwxyz0123456789_-")) {
            throw fail("binding id must match [a-z0-9_-]+: '" + id + "'");
        }
        return id;
    }

    private List<String> packagePrefixes(String[] t) {
        List<String> prefixes = new ArrayList<>();
        for (int i = 1; i < t.length; i++) {
            String p = t[i].endsWith("/**") ? t[i].substring(0, t[i].length() - 2) : t[i];
            if (!p.endsWith("/") || p.startsWith("/") || p.indexOf('.') >= 0 || p.indexOf('*') >= 0) {
                throw fail("package must be an internal name ending in '/' (that package) or '/**' (with its"
                        + " subpackages): '" + t[i] + "'");
            }
            prefixes.add(t[i]);
        }
        return prefixes;
    }

    /** {@code <class> <method> <descriptor>} from tokens 1 to 3. */
    private String[] method(String[] t) {
        className(t[1]);
        methodName(t[2]);
        signature(t[3]);
        return new String[] {t[1], t[2], t[3]};
    }

    private MapLine map(String[] t) {
        if (t.length < 5) {
            throw fail(
                    "expected 'map <class> <method> <descriptor> <MPI_FUNCTION> [static] [canonical] [role=value]...'");
        }
        String owner = className(t[1]);
        String name = methodName(t[2]);
        MethodSignature sig = signature(t[3]);
        MpiFunction function;
        try {
            function = MpiFunction.valueOf(t[4]);
        } catch (IllegalArgumentException e) {
            throw fail("unknown MPI function '" + t[4] + "' (see org.qmpi4j.api.MpiFunction)");
        }
        MapLine m = new MapLine(owner, name, t[3], function);
        m.parameterCount = sig.params.length;
        m.roles = Vocabulary.noRoles();
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
            } else if (w.startsWith("in=")) {
                if (m.version != null) {
                    throw fail("'in=' twice");
                }
                m.version = w.substring(3);
            } else {
                role(m, sig, w);
            }
        }
        // 'static' may follow roles, so check receiver roles once all flags are known.
        for (RoleKeyword r : RoleKeyword.values()) {
            if (m.roles[r.ordinal()] == Vocabulary.RECEIVER && (m.isStatic || constructor)) {
                throw fail(r.keyword() + "=this, but " + m.name + " has no receiver"
                        + (constructor ? " (constructor)" : " (static)"));
            }
        }
        return m;
    }

    private void role(MapLine m, MethodSignature sig, String word) {
        int eq = word.indexOf('=');
        if (eq <= 0 || eq == word.length() - 1) {
            throw fail("expected 'static', 'canonical' or role=value, not '" + word + "'");
        }
        String name = word.substring(0, eq);
        String value = word.substring(eq + 1);
        RoleKeyword r = RoleKeyword.forKeyword(name);
        if (r == null) {
            throw fail("unknown role '" + name + "' (comm, buf, offset, count, type, peer, tag, request, blocks,"
                    + " blocklen, sendcounts, recvcounts, sendtype, recvtype, recvcount, recvpeer, recvtag, disp,"
                    + " tcount, ttype)");
        }
        if (m.roles[r.ordinal()] != Vocabulary.NONE) {
            throw fail("role '" + name + "' twice");
        }
        int at;
        if (value.equals("this")) {
            if (r != RoleKeyword.COMM && r != RoleKeyword.DATATYPE && r != RoleKeyword.REQUEST) {
                throw fail(name + "=this: only comm, type and request can be the receiver");
            }
            at = Vocabulary.RECEIVER;
        } else if (value.equals("return")) {
            if (r != RoleKeyword.REQUEST) {
                throw fail(name + "=return: only request can be the return value");
            }
            if (!MethodSignature.isReference(sig.ret)) {
                throw fail("request=return, but the method returns " + sig.ret);
            }
            at = Vocabulary.RETURN;
        } else {
            at = index(value, name);
            if (at >= sig.params.length) {
                throw fail(name + "=" + at + " is out of range: " + m.name + m.descriptor + " has " + sig.params.length
                        + " parameter(s)");
            }
            String type = sig.params[at];
            switch (r) {
                case COUNT:
                case OFFSET:
                case PEER:
                case TAG:
                case BLOCKS:
                case RECV_COUNT:
                case RECV_PEER:
                case RECV_TAG:
                case TARGET_DISPLACEMENT:
                case TARGET_COUNT:
                    if (!type.equals("I")) {
                        throw fail(name + "=" + at + " must be an int parameter, not " + type);
                    }
                    break;
                case BLOCK_LENGTH:
                    if (!type.equals("I") && !type.equals("[I")) {
                        throw fail(name + "=" + at + " must be an int or int[] parameter, not " + type);
                    }
                    break;
                case SEND_COUNTS:
                case RECV_COUNTS:
                    if (!type.equals("[I")) {
                        throw fail(name + "=" + at + " must be an int[] parameter, not " + type);
                    }
                    break;
                case COMM:
                case SEND_TYPE:
                case RECV_TYPE:
                case TARGET_TYPE:
                    if (!type.startsWith("L")) {
                        throw fail(name + "=" + at + " must be an object parameter, not " + type);
                    }
                    break;
                case DATATYPE: // a datatype, or a struct constructor's datatypes
                    if (!type.startsWith("L") && !type.startsWith("[L")) {
                        throw fail(name + "=" + at + " must be an object parameter (or an array of them), not " + type);
                    }
                    break;
                default: // BUFFER, REQUEST: an object or an array
                    if (!MethodSignature.isReference(type)) {
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

    private ExcludeLine exclude(String[] t, String text) {
        if (t.length < 5) {
            throw fail("expected 'exclude <class> <method> <descriptor|*> <reason>' (a reason is required)");
        }
        String owner = className(t[1]);
        String name = methodName(t[2]);
        String descriptor = null;
        if (!t[3].equals("*")) {
            signature(t[3]);
            descriptor = t[3];
        }
        return new ExcludeLine(owner, name, descriptor, rest(text, 4));
    }

    private BindType objectKind(String name) {
        BindType kind;
        try {
            kind = BindType.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw fail("unknown MPI_T bind kind '" + name + "'");
        }
        if (kind == BindType.NO_OBJECT) {
            throw fail("NO_OBJECT has no class");
        }
        return kind;
    }

    private String[] statusLine(String[] t) {
        if (!t[1].equals("source") && !t[1].equals("tag") && !t[1].equals("index")) {
            throw fail("status names source, tag or index, not '" + t[1] + "'");
        }
        className(t[2]);
        methodName(t[3]);
        if (!t[4].equals("()I") && !t[4].equals("I")) {
            throw fail("status names an int method '()I' or an int field 'I', not " + t[4]);
        }
        return new String[] {t[1], t[2], t[3], t[4]};
    }

    private String[] sizeMember(String[] t) {
        className(t[1]);
        if (t[3].startsWith("(")) {
            methodName(t[2]);
            MethodSignature s = signature(t[3]);
            if (s.params.length != 0 || !(s.ret.equals("I") || s.ret.equals("J"))) {
                throw fail(t[0] + " method must take no arguments and return int or long: " + t[3]);
            }
        } else if (!(t[3].equals("I") || t[3].equals("J"))) {
            throw fail(t[0] + " field must be int (I) or long (J), not '" + t[3] + "'");
        }
        return new String[] {t[1], t[2], t[3]};
    }

    private String className(String name) {
        if (name.isEmpty()
                || name.startsWith("/")
                || name.endsWith("/")
                || name.contains("//")
                || DescriptorSource.containsAny(name, ".;[<>")) {
            throw fail("not a class internal name (like mpi/Comm): '" + name + "'");
        }
        return name;
    }

    private String methodName(String name) {
        if (!name.equals("<init>") && (name.isEmpty() || DescriptorSource.containsAny(name, ".;[/<>"))) {
            throw fail("not a method name: '" + name + "'");
        }
        return name;
    }

    private MethodSignature signature(String desc) {
        MethodSignature s = MethodSignature.parse(desc);
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

    /** The fact a {@code fact} line names. */
    private BindingFact fact(String name) {
        BindingFact f = BindingFact.forKeyword(name);
        if (f == null) {
            throw fail("unknown fact '" + name + "' (known: " + factNames() + ")");
        }
        return f;
    }

    /** The value a {@code fact} line gives {@code f}, one of those it takes. */
    private String factValue(BindingFact f, String value) {
        if (!f.allowed().contains(value)) {
            throw fail(
                    "fact " + f.keyword() + " is one of " + String.join(", ", f.allowed()) + ", not '" + value + "'");
        }
        return value;
    }

    static String factNames() {
        List<String> names = new ArrayList<>();
        for (BindingFact f : BindingFact.values()) {
            names.add(f.keyword());
        }
        return String.join(", ", names);
    }

    private DescriptorException fail(String message) {
        return source.fail(message);
    }

    /** Whitespace-separated tokens. */
    static String[] tokens(String line) {
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
}
