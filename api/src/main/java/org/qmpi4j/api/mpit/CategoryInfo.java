package org.qmpi4j.api.mpit;

/** What {@link MpiT#categoryGetInfo} returns: name, description and how many members of each kind. */
public final class CategoryInfo {
    private final String name;
    private final String description;
    private final int numCvars;
    private final int numPvars;
    private final int numCategories;

    public CategoryInfo(String name, String description, int numCvars, int numPvars, int numCategories) {
        this.name = name;
        this.description = description;
        this.numCvars = numCvars;
        this.numPvars = numPvars;
        this.numCategories = numCategories;
    }

    /** Unique among categories, at least one character. */
    public String name() {
        return name;
    }
    /** The description, {@code ""} when there is none. */
    public String description() {
        return description;
    }

    public int numCvars() {
        return numCvars;
    }

    public int numPvars() {
        return numPvars;
    }

    public int numCategories() {
        return numCategories;
    }

    @Override
    public String toString() {
        return name + " (" + numCvars + " cvars, " + numPvars + " pvars, " + numCategories + " categories)";
    }
}
