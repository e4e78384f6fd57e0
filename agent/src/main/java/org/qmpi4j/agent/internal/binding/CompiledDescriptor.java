package org.qmpi4j.agent.internal.binding;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.BindType;

/**
 * A binding descriptor compiled at build time: what {@link DescriptorParser} read and
 * {@link DescriptorChecker} accepted, written as data ({@code <descriptor>.compiled} beside the
 * text), so that the agent builds its {@link BindingDescriptor} without parsing or checking a line.
 * The parser and the checker run in the build ({@link #main}) and in the tests; the text stays the
 * source, the compiled form is made from it by every build.
 *
 * <p>The form: a magic number and format version, the header fields, then each {@code map} and
 * {@code exclude} line's fields in descriptor order. Strings are modified UTF-8
 * ({@link DataOutputStream#writeUTF}), each absent value a {@code false} flag before it.
 */
public final class CompiledDescriptor {
    /** What the compiled resource of a descriptor resource is named: its name and this suffix. */
    public static final String SUFFIX = ".compiled";

    private static final int MAGIC = 0x514d4244; // "QMBD"
    private static final int FORMAT = 2;

    private CompiledDescriptor() {}

    /** Compiles the descriptors listed by the index under {@code classes} (arguments: the classes directory). */
    public static void main(String[] args) throws IOException {
        Path classes = Path.of(args[0]);
        Path index = classes.resolve(BindingCatalog.INDEX);
        String dir = BindingCatalog.INDEX.substring(0, BindingCatalog.INDEX.lastIndexOf('/') + 1);
        for (String line : Files.readAllLines(index, StandardCharsets.UTF_8)) {
            String name = line.trim();
            if (name.isEmpty() || name.startsWith("#")) {
                continue;
            }
            String resource = dir + name;
            String text = Files.readString(classes.resolve(resource), StandardCharsets.UTF_8);
            Files.write(classes.resolve(resource + SUFFIX), compile(resource, text));
        }
    }

    /**
     * The compiled form of a descriptor's text, parsed and checked now.
     *
     * @throws BindingFormatException if the text is malformed
     */
    static byte[] compile(String resource, String text) throws IOException {
        DescriptorSpec s = DescriptorParser.parseChecked(resource, text);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 * 1024);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeInt(FORMAT);
        string(out, s.resource);
        string(out, s.id);
        string(out, s.title);
        strings(out, s.packages.toArray(new String[0]));
        list(out, s.fingerprints);
        list(out, s.versions);
        list(out, s.repairs);
        string(out, s.constantsClass);
        strings(out, s.datatypeSize);
        strings(out, s.datatypeSizeUnit);
        strings(out, s.requestNull);
        strings(out, s.exception);
        string(out, s.nativeLibrary);
        strings(out, s.nativeHandle);
        out.writeInt(s.objectClasses.size());
        for (Map.Entry<BindType, String> e : s.objectClasses.entrySet()) {
            out.writeUTF(e.getKey().name());
            out.writeUTF(e.getValue());
        }
        out.writeInt(s.maps.size());
        for (DescriptorSpec.MapLine m : s.maps) {
            out.writeUTF(m.owner);
            out.writeUTF(m.name);
            out.writeUTF(m.descriptor);
            out.writeBoolean(m.isStatic);
            out.writeBoolean(m.canonical);
            out.writeUTF(m.function.name());
            out.writeInt(m.roles.length);
            for (int r : m.roles) {
                out.writeInt(r);
            }
            out.writeInt(m.parameterCount);
            string(out, m.version);
        }
        out.writeInt(s.excludes.size());
        for (DescriptorSpec.ExcludeLine e : s.excludes) {
            out.writeUTF(e.owner);
            out.writeUTF(e.name);
            string(out, e.descriptor);
            out.writeUTF(e.reason);
        }
        out.flush();
        return bytes.toByteArray();
    }

    /** The descriptor compiled in {@code in}, its mappings numbered from {@code firstId}. */
    static BindingDescriptor read(InputStream in, int firstId) throws IOException {
        return new BindingDescriptor(spec(new DataInputStream(new ByteArrayInputStream(in.readAllBytes()))), firstId);
    }

    private static DescriptorSpec spec(DataInputStream in) throws IOException {
        if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
            throw new IOException("not a compiled binding descriptor of this agent");
        }
        DescriptorSpec s = new DescriptorSpec();
        s.resource = string(in);
        s.id = string(in);
        s.title = string(in);
        for (String p : strings(in)) {
            s.packages.add(p);
        }
        list(in, s.fingerprints);
        list(in, s.versions);
        list(in, s.repairs);
        s.constantsClass = string(in);
        s.datatypeSize = strings(in);
        s.datatypeSizeUnit = strings(in);
        s.requestNull = strings(in);
        s.exception = strings(in);
        s.nativeLibrary = string(in);
        s.nativeHandle = strings(in);
        for (int i = in.readInt(); i > 0; i--) {
            s.objectClasses.put(BindType.valueOf(in.readUTF()), in.readUTF());
        }
        for (int i = in.readInt(); i > 0; i--) {
            DescriptorSpec.MapLine m = new DescriptorSpec.MapLine();
            m.owner = in.readUTF();
            m.name = in.readUTF();
            m.descriptor = in.readUTF();
            m.isStatic = in.readBoolean();
            m.canonical = in.readBoolean();
            m.function = MpiFunction.valueOf(in.readUTF());
            m.roles = new int[in.readInt()];
            for (int r = 0; r < m.roles.length; r++) {
                m.roles[r] = in.readInt();
            }
            m.parameterCount = in.readInt();
            m.version = string(in);
            s.maps.add(m);
        }
        for (int i = in.readInt(); i > 0; i--) {
            DescriptorSpec.ExcludeLine e = new DescriptorSpec.ExcludeLine();
            e.owner = in.readUTF();
            e.name = in.readUTF();
            e.descriptor = string(in);
            e.reason = in.readUTF();
            s.excludes.add(e);
        }
        return s;
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static String string(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static void strings(DataOutputStream out, String[] a) throws IOException {
        out.writeInt(a == null ? -1 : a.length);
        if (a != null) {
            for (String s : a) {
                string(out, s);
            }
        }
    }

    private static String[] strings(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        String[] a = new String[n];
        for (int i = 0; i < n; i++) {
            a[i] = string(in);
        }
        return a;
    }

    private static void list(DataOutputStream out, List<String[]> l) throws IOException {
        out.writeInt(l.size());
        for (String[] a : l) {
            strings(out, a);
        }
    }

    private static void list(DataInputStream in, List<String[]> into) throws IOException {
        for (int i = in.readInt(); i > 0; i--) {
            into.add(strings(in));
        }
    }
}
