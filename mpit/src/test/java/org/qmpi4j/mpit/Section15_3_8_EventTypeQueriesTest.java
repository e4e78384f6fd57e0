package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmpi4j.mpit.Mpit.expect;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.BindType;
import org.qmpi4j.api.mpit.EnumItem;
import org.qmpi4j.api.mpit.EnumType;
import org.qmpi4j.api.mpit.EventDefinition;
import org.qmpi4j.api.mpit.EventElement;
import org.qmpi4j.api.mpit.EventInfo;
import org.qmpi4j.api.mpit.EventType;
import org.qmpi4j.api.mpit.MpitDatatype;
import org.qmpi4j.api.mpit.ReturnCode;
import org.qmpi4j.api.mpit.Verbosity;

/**
 * MPI 4.1 Section 15.3.8, Event Type Query Functions (MPI_T_EVENT_GET_NUM, _GET_INFO, _GET_INDEX),
 * registering event types, and categories reporting them (MPI_T_CATEGORY_GET_NUM_EVENTS, _GET_EVENTS).
 */
// Not null-checked: it passes null where the text allows a null argument, and to check the code
// a null argument gets.
@SuppressWarnings("NullAway")
class Section15_3_8_EventTypeQueriesTest {
    private final MpitRegistry r = Mpit.initialised();

    @Test
    @DisplayName(
            "get_info: name, verbosity, datatypes, displacements (C struct layout), enumeration, description, binding")
    void info() {
        EnumType kind = r.registerEnum("ev_kind", new EnumItem(0, "small"), new EnumItem(1, "large"));
        EventType t = r.registerEventType(EventDefinition.builder("mytool_message")
                .verbosity(Verbosity.TUNER_DETAIL)
                .description("a message")
                .bind(BindType.MPI_COMM)
                .enumType(kind)
                .element("kind", MpitDatatype.INT)
                .element("bytes", MpitDatatype.UNSIGNED_LONG_LONG)
                .element("site", MpitDatatype.CHAR, 6)
                .element("ratio", MpitDatatype.DOUBLE)
                .element("peer", MpitDatatype.UNSIGNED)
                .build());
        assertThat(r.eventGetNum()).isEqualTo(1);
        assertThat(t.index()).isZero();
        EventInfo info = r.eventGetInfo(0);
        assertThat(info.name()).isEqualTo("mytool_message");
        assertThat(info.verbosity()).isEqualTo(Verbosity.TUNER_DETAIL);
        assertThat(info.description()).isEqualTo("a message");
        assertThat(info.bind()).isEqualTo(BindType.MPI_COMM);
        assertThat(info.enumType()).isSameAs(kind);
        assertThat(info.numElements()).isEqualTo(5);
        assertThat(info.elements())
                .extracting(EventElement::datatype)
                .containsExactly(
                        MpitDatatype.INT,
                        MpitDatatype.UNSIGNED_LONG_LONG,
                        MpitDatatype.CHAR,
                        MpitDatatype.DOUBLE,
                        MpitDatatype.UNSIGNED);
        // int at 0, 8-byte aligned long at 8, 6 chars at 16, double aligned to 24, unsigned at 32
        assertThat(info.elements()).extracting(EventElement::displacement).containsExactly(0, 8, 16, 24, 32);
        assertThat(info.extent()).isEqualTo(36);
        assertThat(r.eventGetIndex("mytool_message")).isZero();
    }

    @Test
    @DisplayName("bad indices answer MPI_T_ERR_INVALID_INDEX, unknown names MPI_T_ERR_INVALID_NAME")
    void errors() {
        Events.twoElements(r);
        for (int bad : new int[] {-1, 1, Integer.MIN_VALUE}) {
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.eventGetInfo(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryGetEvents(bad));
            expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryGetNumEvents(bad));
        }
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.eventGetIndex("no_such_event"));
        expect(ReturnCode.MPI_T_ERR_INVALID_NAME, () -> r.eventGetIndex(null));
    }

    @Test
    @DisplayName(
            "registration: taken names are MPI_T_ERR_INVALID_NAME; unknown sources, foreign enumerations and bad elements MPI_T_ERR_INVALID")
    void registrationRules() {
        r.registerEventType(EventDefinition.builder("taken").build());
        expect(
                ReturnCode.MPI_T_ERR_INVALID_NAME,
                () -> r.registerEventType(EventDefinition.builder("taken").build()));
        expect(
                ReturnCode.MPI_T_ERR_INVALID_NAME,
                () -> EventDefinition.builder("").build());
        expect(
                ReturnCode.MPI_T_ERR_INVALID,
                () -> r.registerEventType(
                        EventDefinition.builder("x1").source(5).build()));
        EnumType foreign = Mpit.initialised().registerEnum("foreign", new EnumItem(0, "a"));
        expect(
                ReturnCode.MPI_T_ERR_INVALID,
                () -> r.registerEventType(EventDefinition.builder("x2")
                        .element("v", MpitDatatype.INT)
                        .enumType(foreign)
                        .build()));
        expect(
                ReturnCode.MPI_T_ERR_INVALID,
                () -> EventDefinition.builder("x3")
                        .element("v", MpitDatatype.INT)
                        .element("v", MpitDatatype.INT)
                        .build());
        expect(
                ReturnCode.MPI_T_ERR_INVALID,
                () -> EventDefinition.builder("x4")
                        .element("s", MpitDatatype.CHAR, 1)
                        .build());
        expect(
                ReturnCode.MPI_T_ERR_INVALID,
                () -> EventDefinition.builder("x5")
                        .element("n", MpitDatatype.INT, 2)
                        .build());
        expect(
                ReturnCode.MPI_T_ERR_INVALID,
                () -> EventDefinition.builder("x6")
                        .enumType(r.registerEnum("e6", new EnumItem(0, "a")))
                        .element("d", MpitDatatype.DOUBLE)
                        .build());
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.registerEventType(null));
        assertThat(r.eventGetNum()).isEqualTo(1); // failed registrations add nothing
    }

    @Test
    @DisplayName(
            "categories list their events in the order added; MPI_T_CATEGORY_CHANGED grows when an event type is added")
    void categoriesReportEvents() {
        int cat = r.registerCategory("tool_events", "");
        int stamp0 = r.categoryChanged();
        EventType a = Events.twoElements(r);
        int stamp1 = r.categoryChanged();
        assertThat(stamp1).isGreaterThan(stamp0);
        EventType b = Events.twoElements(r);
        r.categoryAddEvent(cat, b.index());
        r.categoryAddEvent(cat, a.index());
        assertThat(r.categoryChanged()).isGreaterThan(stamp1);
        assertThat(r.categoryGetNumEvents(cat)).isEqualTo(2);
        assertThat(r.categoryGetEvents(cat)).containsExactly(b.index(), a.index());
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryAddEvent(cat, 99));
        expect(ReturnCode.MPI_T_ERR_INVALID_INDEX, () -> r.categoryAddEvent(99, a.index()));
        expect(ReturnCode.MPI_T_ERR_INVALID, () -> r.categoryAddEvent(cat, a.index()));
        CategoryRules.assertWellFormed(r);
    }
}
