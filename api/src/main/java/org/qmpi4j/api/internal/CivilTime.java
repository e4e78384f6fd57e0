package org.qmpi4j.api.internal;

/**
 * Not API: a calendar date and time of day from milliseconds since the epoch, the one conversion
 * the agent, the bundled tools and their report code share (the output folder's default name, the
 * merged profile's time). Written by hand rather than with {@code java.time}, whose formatting
 * classes and zone rules a short job would load at start and at {@code MPI_Finalize} for one line.
 */
public final class CivilTime {
    /** Proleptic Gregorian year, month (1 to 12), day of month (1 to 31). */
    public final int year;

    public final int month;
    public final int day;
    /** Hour (0 to 23), minute and second (0 to 59). */
    public final int hour;

    public final int minute;
    public final int second;

    private CivilTime(int year, int month, int day, int secondOfDay) {
        this.year = year;
        this.month = month;
        this.day = day;
        this.hour = secondOfDay / 3600;
        this.minute = secondOfDay / 60 % 60;
        this.second = secondOfDay % 60;
    }

    /**
     * The date and time of {@code epochMillis} with no zone applied: UTC, or local time when the
     * caller has added the zone's offset.
     */
    public static CivilTime of(long epochMillis) {
        long days = Math.floorDiv(epochMillis, 86_400_000L);
        int secondOfDay = (int) (Math.floorMod(epochMillis, 86_400_000L) / 1000);
        // Days since 1970-01-01 to a civil date: eras of 400 years counted from 0000-03-01, so that
        // the leap day ends each year of the era.
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        return new CivilTime((int) year, month, day, secondOfDay);
    }
}
