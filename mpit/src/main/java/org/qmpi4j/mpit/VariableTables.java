package org.qmpi4j.mpit;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.mpit.CvarDefinition;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * The variables of one process and what describes them: control variables, performance variables
 * and enumerations, by index and by name (Sections 14.3.5 to 14.3.7, the parts without handles).
 * Append-only lists, so an index, once given, means the same thing for the rest of the run, and
 * lookups never lock. Registration is serialised by the caller ({@link MpitRegistry}), which also
 * moves the change stamp.
 */
final class VariableTables {
    private final CopyOnWriteArrayList<ControlVariable> cvars = new CopyOnWriteArrayList<>();
    private final Map<String, ControlVariable> cvarsByName = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<PerformanceVariable> pvars = new CopyOnWriteArrayList<>();
    private final Map<String, PerformanceVariable> pvarsByKey = new ConcurrentHashMap<>();
    private final Map<String, EnumerationImpl> enumsByName = new ConcurrentHashMap<>();

    // ---- enumerations ---------------------------------------------------------------------------

    EnumType registerEnum(String name, EnumItem... items) {
        Names.require(name, "an enumeration");
        if (enumsByName.containsKey(name)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "an enumeration named " + name + " exists");
        }
        // Arrays.asList, not List.of: a null item must reach EnumerationImpl's check (MPI_T_ERR_INVALID).
        EnumerationImpl e = new EnumerationImpl(this, name, items == null ? List.of() : Arrays.asList(items));
        enumsByName.put(name, e);
        return e;
    }

    /**
     * An enumeration of the MPI library: one of these tables' (so its variables may use it), but not
     * registered by name, as the library's enumeration names need not be unique.
     */
    EnumerationImpl libraryEnum(String name, List<EnumItem> items) {
        return new EnumerationImpl(this, name, items);
    }

    EnumerationImpl enumeration(EnumType enumType) {
        if (!(enumType instanceof EnumerationImpl) || ((EnumerationImpl) enumType).owner != this) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    enumType == null ? "MPI_T_ENUM_NULL is not an enumeration" : "not an enumeration of this process");
        }
        return (EnumerationImpl) enumType;
    }

    EnumItem enumItem(EnumType enumType, int index) {
        EnumerationImpl e = enumeration(enumType);
        if (index < 0 || index >= e.items.size()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_ITEM,
                    "enumeration " + e.name + " has items 0.." + (e.items.size() - 1) + ", not " + index);
        }
        return e.items.get(index);
    }

    void checkEnum(@Nullable EnumType e, String variable) {
        if (e != null && (!(e instanceof EnumerationImpl) || ((EnumerationImpl) e).owner != this)) {
            throw Errors.invalid(variable + ": its enumeration is not one of this process");
        }
    }

    // ---- control variables ----------------------------------------------------------------------

    int registerCvar(CvarDefinition d) {
        if (d == null) {
            throw Errors.invalid("no definition");
        }
        if (cvarsByName.containsKey(d.name())) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "a control variable named " + d.name() + " exists");
        }
        checkEnum(d.info().enumType(), d.name());
        ControlVariable v = new ControlVariable(cvars.size(), d);
        cvars.add(v);
        cvarsByName.put(d.name(), v);
        return v.index;
    }

    /**
     * Appends one of the MPI library's control variables. Its name is found by
     * {@code MPI_T_CVAR_GET_INDEX} unless an agent or tool variable took it first (the library's
     * names are its own: none starts with {@code qmpi4j_}).
     */
    int addLibraryCvar(CvarDefinition d) {
        ControlVariable v = new ControlVariable(cvars.size(), d);
        cvars.add(v);
        cvarsByName.putIfAbsent(d.name(), v);
        return v.index;
    }

    int cvarCount() {
        return cvars.size();
    }

    ControlVariable cvar(int index) {
        List<ControlVariable> all = cvars;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    "control variable index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }

    int cvarIndex(String name) {
        ControlVariable v = name == null ? null : cvarsByName.get(name);
        if (v == null) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "no control variable named " + name);
        }
        return v.index;
    }

    int cvarIndexOrMinusOne(String name) {
        ControlVariable v = cvarsByName.get(name);
        return v == null ? -1 : v.index;
    }

    // ---- performance variables ------------------------------------------------------------------

    int registerPvar(PvarDefinition d) {
        if (d == null) {
            throw Errors.invalid("no definition");
        }
        String key = PerformanceVariable.key(d.name(), d.info().varClass());
        if (pvarsByKey.containsKey(key)) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_NAME,
                    "a performance variable named " + d.name() + " of class "
                            + d.info().varClass() + " exists");
        }
        checkEnum(d.info().enumType(), d.name());
        PerformanceVariable v = new PerformanceVariable(pvars.size(), d);
        pvars.add(v);
        pvarsByKey.put(key, v);
        return v.index;
    }

    /** Appends one of the MPI library's performance variables; like {@link #addLibraryCvar}. */
    int addLibraryPvar(java.util.function.IntFunction<PerformanceVariable> atIndex) {
        PerformanceVariable v = atIndex.apply(pvars.size());
        pvars.add(v);
        pvarsByKey.putIfAbsent(PerformanceVariable.key(v.info.name(), v.varClass()), v);
        return v.index;
    }

    int pvarCount() {
        return pvars.size();
    }

    PerformanceVariable pvar(int index) {
        List<PerformanceVariable> all = pvars;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_INDEX,
                    "performance variable index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }

    int pvarIndex(String name, PvarClass varClass) {
        if (varClass == null) {
            throw Errors.invalid("no variable class given");
        }
        PerformanceVariable v = name == null ? null : pvarsByKey.get(PerformanceVariable.key(name, varClass));
        if (v == null) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_NAME,
                    "no performance variable named " + name + " of class " + varClass);
        }
        return v.index;
    }
}
