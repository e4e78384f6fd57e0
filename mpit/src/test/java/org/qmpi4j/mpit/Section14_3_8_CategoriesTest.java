package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.CategoryInfo;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Scope;

/** MPI 4.0 Section 14.3.8, Variable Categorization. */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section14_3_8_CategoriesTest {
    private final MpitRegistry r = Mpit.initialised();

    @Test
    @DisplayName("\"indexed from 0 to N-1\"; other indices answer MPI_T_ERR_INVALID_INDEX in every category routine")
    void indices() {
        assertThat(r.categoryGetNum()).isZero();
        int a = r.registerCategory("a", "first");
        int b = r.registerCategory("b", null);
        assertThat(a).isZero();
        assertThat(b).isEqualTo(1);
        assertThat(r.categoryGetNum()).isEqualTo(2);
        for (int bad : new int[] {-1, 2, Integer.MAX_VALUE}) {
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryGetInfo(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryGetCvars(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryGetPvars(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryGetCategories(bad));
        }
        assertThat(r.categoryGetInfo(b).description())
                .as("\"Returning a description is optional\"")
                .isEmpty();
    }

    @Test
    @DisplayName("\"a name of at least length one ... unique with respect to all other names for categories\"; "
            + "MPI_T_CATEGORY_GET_INDEX answers MPI_T_ERR_INVALID_NAME for an unknown name")
    void names() {
        int a = r.registerCategory("messages", "");
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.registerCategory("messages", "again"));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.registerCategory("", ""));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.registerCategory(null, ""));
        assertThat(r.categoryGetNum()).isEqualTo(1);
        assertThat(r.categoryGetIndex("messages")).isEqualTo(a);
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.categoryGetIndex("message"));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.categoryGetIndex(null));
    }

    @Test
    @DisplayName("\"Categories can never include themselves, either directly or transitively\"")
    void noCycles() {
        int a = r.registerCategory("a", "");
        int b = r.registerCategory("b", "");
        int c = r.registerCategory("c", "");
        r.categoryAddCategory(a, b);
        r.categoryAddCategory(b, c);
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddCategory(a, a));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddCategory(b, a));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddCategory(c, a));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddCategory(c, b));
        // A category may be in several others (a DAG), as long as there is no cycle.
        expect(ReturnCode.SUCCESS, () -> r.categoryAddCategory(a, c));
        CategoryRules.assertWellFormed(r);
    }

    @Test
    @DisplayName("\"allowed to add variables to categories, but ... not allowed to remove variables from categories or "
            + "change the order in which they are returned\"")
    void membersOnlyGrowInOrder() {
        int cat = r.registerCategory("cat", "");
        int sub = r.registerCategory("sub", "");
        int p1 = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        int p2 = Mpit.register(r, PvarClass.LEVEL, new FakeSource());
        int c1 = Mpit.intCvar(r, "c1", Scope.LOCAL, 0);
        r.categoryAddPvar(cat, p2);
        r.categoryAddCvar(cat, c1);
        r.categoryAddCategory(cat, sub);
        int[] before = r.categoryGetPvars(cat);
        r.categoryAddPvar(cat, p1);
        int p3 = Mpit.register(r, PvarClass.TIMER, new FakeSource());
        r.categoryAddPvar(cat, p3);
        assertThat(r.categoryGetPvars(cat)).startsWith(before).containsExactly(p2, p1, p3);
        assertThat(r.categoryGetCvars(cat)).containsExactly(c1);
        assertThat(r.categoryGetCategories(cat)).containsExactly(sub);
        CategoryInfo info = r.categoryGetInfo(cat);
        assertThat(info.numPvars()).isEqualTo(3);
        assertThat(info.numCvars()).isEqualTo(1);
        assertThat(info.numCategories()).isEqualTo(1);
        // A variable is in a category once; adding it again is refused and changes nothing.
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddPvar(cat, p1));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddCvar(cat, c1));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddCategory(cat, sub));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryAddPvar(cat, 99));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryAddCvar(cat, 99));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryAddPvar(99, p1));
        assertThat(r.categoryGetPvars(cat)).containsExactly(p2, p1, p3);
        // Returned arrays are the caller's: changing one changes nothing inside.
        r.categoryGetPvars(cat)[0] = 42;
        assertThat(r.categoryGetPvars(cat)).containsExactly(p2, p1, p3);
        CategoryRules.assertWellFormed(r);
    }

    @Test
    @DisplayName("MPI_T_CATEGORY_CHANGED: \"monotonically increasing\"; higher \"if categories have been added or "
            + "expanded\"; equal stamps mean \"the category information has not changed\"")
    void changeStamp() {
        int s0 = r.categoryChanged();
        int cat = r.registerCategory("cat", "");
        int s1 = r.categoryChanged();
        assertThat(s1).as("category added").isGreaterThan(s0);

        int pv = Mpit.register(r, PvarClass.COUNTER, new FakeSource());
        int cv = Mpit.intCvar(r, "cv", Scope.LOCAL, 0);
        int s2 = r.categoryChanged();
        assertThat(s2).isGreaterThanOrEqualTo(s1);
        r.categoryAddPvar(cat, pv);
        int s3 = r.categoryChanged();
        assertThat(s3).as("performance variable added to a category").isGreaterThan(s2);
        r.categoryAddCvar(cat, cv);
        int s4 = r.categoryChanged();
        assertThat(s4).as("control variable added to a category").isGreaterThan(s3);
        int sub = r.registerCategory("sub", "");
        int s5 = r.categoryChanged();
        r.categoryAddCategory(cat, sub);
        int s6 = r.categoryChanged();
        assertThat(s6).as("category added to a category").isGreaterThan(s5);

        // Queries and refused changes leave the stamp alone.
        r.categoryGetInfo(cat);
        r.categoryGetPvars(cat);
        Mpit.codeOf(() -> r.categoryAddPvar(cat, pv));
        Mpit.codeOf(() -> r.registerCategory("cat", ""));
        Mpit.codeOf(() -> r.categoryAddCategory(sub, cat));
        assertThat(r.categoryChanged()).isEqualTo(s6);
    }

    @Test
    @DisplayName("Category information for the same index is the same on every call, as members are only appended")
    void infoStable() {
        int cat = r.registerCategory("cat", "Message transfers");
        CategoryInfo first = r.categoryGetInfo(cat);
        for (int i = 0; i < 5; i++) {
            r.registerCategory("more" + i, "");
        }
        CategoryInfo later = r.categoryGetInfo(cat);
        assertThat(later.name()).isEqualTo(first.name());
        assertThat(later.description()).isEqualTo(first.description()).isEqualTo("Message transfers");
        assertThat(r.categoryGetIndex("cat")).isEqualTo(cat);
    }
}
