package org.qmpi4j.formats.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The profile's {@code created} stamp, written by hand, is what {@link Instant#toString()} wrote. */
class IsoSecondsTest {
    private static String byJavaTime(long millis) {
        return Instant.ofEpochMilli(millis).truncatedTo(ChronoUnit.SECONDS).toString();
    }

    @Test
    void edges() {
        long[] edges = {
            0L,
            -1L,
            999L,
            1000L,
            -1000L,
            -1001L,
            951_782_400_000L, // 2000-02-29
            951_868_799_999L,
            4_107_542_399_000L, // 2100-02-28T23:59:59Z
            4_107_542_400_000L,
            -62_167_219_200_000L, // 0000-01-01
            253_402_300_799_999L, // 9999-12-31T23:59:59.999Z
            253_402_300_800_000L, // 10000: falls back to java.time
            -62_167_219_200_001L, // year -1: likewise
            System.currentTimeMillis()
        };
        for (long t : edges) {
            assertThat(ProfileMerger.isoSeconds(t)).as("%d", t).isEqualTo(byJavaTime(t));
        }
    }

    @Test
    void randomInstantsOfYearsZeroTo9999() {
        SplittableRandom random = new SplittableRandom(18);
        for (int i = 0; i < 200_000; i++) {
            long t = random.nextLong(-62_167_219_200_000L, 253_402_300_800_000L);
            assertThat(ProfileMerger.isoSeconds(t)).isEqualTo(byJavaTime(t));
        }
    }
}
