package org.qmpi4j.agent.internal.binding;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.mpit.BindType;

/**
 * The header and lines of a descriptor as its compiled form holds them ({@link CompiledDescriptor}),
 * from which {@link BindingDescriptor} is built.
 */
final class DescriptorSpec {
    String resource;
    String id;
    String title;
    final List<String> packages = new ArrayList<>();
    final List<String[]> fingerprints = new ArrayList<>();
    /** {@code version} lines in order: label, then class, method, descriptor (absent for the fallback). */
    final List<String[]> versions = new ArrayList<>();
    /** {@code status} lines: field (source, tag, index), class, member, descriptor. */
    final List<String[]> status = new ArrayList<>();
    /** {@code repair} lines: class, method, descriptor, kind. */
    final List<String[]> repairs = new ArrayList<>();

    String constantsClass;
    String[] datatypeSize;
    String[] datatypeSizeUnit;
    String[] requestNull;
    String[] exception;
    /** The binding's JNI library, as {@code System.loadLibrary} names it; {@code null} for a pure-Java binding. */
    String nativeLibrary;
    /** {@code {class, field}}: the long field of the binding's MPI objects that holds the C handle. */
    String[] nativeHandle;

    final Map<BindType, String> objectClasses = new EnumMap<>(BindType.class);
    final List<MapLine> maps = new ArrayList<>();
    final List<ExcludeLine> excludes = new ArrayList<>();

    /** A {@code map} line. */
    static final class MapLine {
        String owner;
        String name;
        String descriptor;
        boolean isStatic;
        boolean canonical;
        MpiFunction function;
        int[] roles;
        int parameterCount;
        /** The version this line belongs to ({@code in=<label>}), or {@code null}: every version. */
        String version;
    }

    /** An {@code exclude} line. */
    static final class ExcludeLine {
        String owner;
        String name;
        /** {@code null} for {@code *}: every overload of the name. */
        String descriptor;

        String reason;
    }
}
