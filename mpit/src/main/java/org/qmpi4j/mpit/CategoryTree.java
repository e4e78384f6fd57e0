package org.qmpi4j.mpit;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.ReturnCode;

/**
 * The categories of one process (Section 14.3.8): an append-only list, each category's members
 * appended only, and no category containing itself. Registration is serialised by the caller
 * ({@link MpitRegistry}), which also moves the change stamp; reads never lock.
 */
final class CategoryTree {
    private final CopyOnWriteArrayList<Category> categories = new CopyOnWriteArrayList<>();
    private final Map<String, Category> categoriesByName = new ConcurrentHashMap<>();

    int register(String name, String description) {
        Names.require(name, "a category");
        if (categoriesByName.containsKey(name)) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "a category named " + name + " exists");
        }
        Category c = new Category(categories.size(), name, description == null ? "" : description);
        categories.add(c);
        categoriesByName.put(name, c);
        return c.index;
    }

    /** Appends one of the MPI library's categories; its name is indexed unless taken (see VariableTables). */
    int addLibraryCategory(String name, String description) {
        Category c = new Category(categories.size(), name, description);
        categories.add(c);
        categoriesByName.putIfAbsent(name, c);
        return c.index;
    }

    /** The member lists of a library category, which the library's glue appends to. */
    Category libraryCategory(int index) {
        return category(index);
    }

    int count() {
        return categories.size();
    }

    CategoryInfo info(int catIndex) {
        Category c = category(catIndex);
        return new CategoryInfo(c.name, c.description, c.cvars.size(), c.pvars.size(), c.categories.size());
    }

    int index(String name) {
        Category c = name == null ? null : categoriesByName.get(name);
        if (c == null) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, "no category named " + name);
        }
        return c.index;
    }

    int[] cvars(int catIndex) {
        return Category.toArray(category(catIndex).cvars);
    }

    int[] pvars(int catIndex) {
        return Category.toArray(category(catIndex).pvars);
    }

    int[] events(int catIndex) {
        return Category.toArray(category(catIndex).events);
    }

    int numEvents(int catIndex) {
        return category(catIndex).events.size();
    }

    /** Adds event type {@code eventIndex} to the category; like {@link #addCvar}. */
    void addEvent(int catIndex, int eventIndex, IntConsumer exists) {
        addMember(category(catIndex), c -> c.events, eventIndex, exists, "event type");
    }

    int[] subcategories(int catIndex) {
        return Category.toArray(category(catIndex).categories);
    }

    /**
     * Adds control variable {@code cvarIndex} to the category; {@code exists} fails for an index
     * that is not a control variable's (checked after the category, so that error comes first).
     */
    void addCvar(int catIndex, int cvarIndex, IntConsumer exists) {
        addMember(category(catIndex), c -> c.cvars, cvarIndex, exists, "control variable");
    }

    /** Adds performance variable {@code pvarIndex} to the category; like {@link #addCvar}. */
    void addPvar(int catIndex, int pvarIndex, IntConsumer exists) {
        addMember(category(catIndex), c -> c.pvars, pvarIndex, exists, "performance variable");
    }

    private static void addMember(
            Category c, Function<Category, List<Integer>> members, int index, IntConsumer exists, String what) {
        exists.accept(index);
        List<Integer> list = members.apply(c);
        if (list.contains(index)) {
            throw Errors.invalid("category " + c.name + " already contains " + what + " " + index);
        }
        list.add(index);
    }

    void addCategory(int catIndex, int childIndex) {
        Category parent = category(catIndex);
        Category child = category(childIndex);
        if (parent.categories.contains(childIndex)) {
            throw Errors.invalid("category " + parent.name + " already contains " + child.name);
        }
        if (reaches(child, catIndex)) {
            throw Errors.invalid("category " + child.name + " cannot go into " + parent.name
                    + ": a category may not contain itself, directly or through others");
        }
        parent.categories.add(childIndex);
    }

    /** Whether {@code from} is, or contains directly or transitively, category {@code target}. */
    private boolean reaches(Category from, int target) {
        if (from.index == target) {
            return true;
        }
        for (int sub : from.categories) {
            if (reaches(categories.get(sub), target)) {
                return true;
            }
        }
        return false;
    }

    private Category category(int index) {
        List<Category> all = categories;
        if (index < 0 || index >= all.size()) {
            throw Errors.fail(
                    ReturnCode.MPI_T_ERR_INVALID_INDEX, "category index " + index + " (there are " + all.size() + ")");
        }
        return all.get(index);
    }
}
