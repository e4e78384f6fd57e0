package org.qmpi4j.descriptorform;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.BindType;

/**
 * The header and lines of a descriptor as its compiled form holds them: what the compiler fills in
 * from the checked text and {@link CompiledForm} writes, and what the agent reads back to build its
 * binding. Plain fields, no behaviour: the meaning of each is the descriptor format's (the
 * compiler's {@code DescriptorParser}).
 */
public final class DescriptorSpec {
    public String resource = "";
    public @Nullable String id;
    public @Nullable String title;
    public final List<String> packages = new ArrayList<>();
    public final List<String[]> fingerprints = new ArrayList<>();
    /** {@code version} lines in order: label, then class, method, descriptor (absent for the fallback). */
    public final List<String[]> versions = new ArrayList<>();
    /** {@code status} lines: field (source, tag, index), class, member, descriptor. */
    public final List<String[]> status = new ArrayList<>();
    /** {@code repair} lines: class, method, descriptor, kind. */
    public final List<String[]> repairs = new ArrayList<>();

    public @Nullable String constantsClass;
    public @Nullable String[] datatypeSize;
    public @Nullable String[] datatypeSizeUnit;
    public @Nullable String[] requestNull;
    public @Nullable String[] exception;
    /** The binding's JNI library, as {@code System.loadLibrary} names it; {@code null} for a pure-Java binding. */
    public @Nullable String nativeLibrary;
    /** {@code {class, field}}: the long field of the binding's MPI objects that holds the C handle. */
    public @Nullable String[] nativeHandle;

    /** {@code fact} lines: each {@link BindingFact}'s value (the compiler requires every one). */
    public final Map<BindingFact, String> facts = new EnumMap<>(BindingFact.class);

    public final Map<BindType, String> objectClasses = new EnumMap<>(BindType.class);
    public final List<MapLine> maps = new ArrayList<>();
    public final List<ExcludeLine> excludes = new ArrayList<>();

    /** A {@code map} line. */
    public static final class MapLine {
        /** Shared, never written: a line's own array replaces it (the agent loads no more to read one). */
        private static final int[] NO_ROLES_YET = new int[0];

        public final String owner;
        public final String name;
        public final String descriptor;
        public final MpiFunction function;
        public boolean isStatic;
        public boolean canonical;
        /**
         * The parameter index of each role ({@link RoleKeyword} order), or a {@link Vocabulary}
         * number; set by whoever builds the line ({@link Vocabulary#noRoles()} before any is read).
         */
        public int[] roles = NO_ROLES_YET;

        public int parameterCount;
        /** The version this line belongs to ({@code in=<label>}), or {@code null}: every version. */
        public @Nullable String version;

        /** A line mapping method {@code name} of {@code owner} with {@code descriptor} to {@code function}, no role known yet. */
        public MapLine(String owner, String name, String descriptor, MpiFunction function) {
            this.owner = owner;
            this.name = name;
            this.descriptor = descriptor;
            this.function = function;
        }
    }

    /** An {@code exclude} line. */
    public static final class ExcludeLine {
        public final String owner;
        public final String name;
        /** {@code null} for {@code *}: every overload of the name. */
        public final @Nullable String descriptor;

        public final String reason;

        /** A line leaving method {@code name} of {@code owner} (with {@code descriptor}, or every overload) unmapped. */
        public ExcludeLine(String owner, String name, @Nullable String descriptor, String reason) {
            this.owner = owner;
            this.name = name;
            this.descriptor = descriptor;
            this.reason = reason;
        }
    }
}
