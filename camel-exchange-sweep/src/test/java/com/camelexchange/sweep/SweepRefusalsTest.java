package com.camelexchange.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A bad grid or setting is refused before any backtest runs: nothing is written, the error says what. */
class SweepRefusalsTest {
    @TempDir
    Path dir;

    @Test
    void pointsComeInTheGridsOrderTheFirstPropertySlowest() {
        SweepGrid grid = SweepGrid.parse(List.of("strategy.every=50,100,200", "strategy.size=0.001,0.002"));
        assertThat(grid.size()).isEqualTo(6);
        assertThat(grid.points()).extracting(SweepPoint::describe).containsExactly(
                "strategy.every=50 strategy.size=0.001", "strategy.every=50 strategy.size=0.002",
                "strategy.every=100 strategy.size=0.001", "strategy.every=100 strategy.size=0.002",
                "strategy.every=200 strategy.size=0.001", "strategy.every=200 strategy.size=0.002");
        assertThat(SweepWorker.pointsOf(grid, 1, 3)).extracting(SweepPoint::index).containsExactly(1, 4);
    }

    @Test
    void badGridsAreRefusedSayingWhy() {
        assertThatThrownBy(() -> SweepGrid.parse(List.of("strategy.every=50,,200")))
                .isInstanceOf(SweepException.class).hasMessageContaining("strategy.every has an empty value");
        assertThatThrownBy(() -> SweepGrid.parse(List.of("strategy.every=")))
                .isInstanceOf(SweepException.class).hasMessageContaining("strategy.every has an empty value");
        assertThatThrownBy(() -> SweepGrid.parse(List.of("strategy.every")))
                .isInstanceOf(SweepException.class).hasMessageContaining("has no '='");
        assertThatThrownBy(() -> SweepGrid.parse(List.of("a=1", "a=2")))
                .isInstanceOf(SweepException.class).hasMessageContaining("a is given twice");
        assertThatThrownBy(() -> SweepGrid.parse(List.of("a=1,1")))
                .isInstanceOf(SweepException.class).hasMessageContaining("the value 1 twice");
        assertThatThrownBy(() -> SweepGrid.parse(List.of()))
                .isInstanceOf(SweepException.class).hasMessageContaining("The grid is empty");
        List<String> huge = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            huge.add("p" + i + "=1,2,3,4,5,6,7,8,9,10");
        }
        assertThatThrownBy(() -> SweepGrid.parse(huge))
                .isInstanceOf(SweepException.class).hasMessageContaining("more than 100000 points");
    }

    @Test
    void badCommandsAreRefusedBeforeAnyBacktest() throws Exception {
        Path recording = SmallRecording.write(dir.resolve("market.jsonl"), 60);
        Path results = dir.resolve("results");
        assertThat(SweepFixture.refused(SweepFixture.args("run", recording, results, "--sort-by", "profit")))
                .contains("No figure is called 'profit'; sort by one of orders, fills, fees, pnl, maxDrawdown,"
                          + " sharpe, roundTrips, winRate, exposure");
        List<String> emptyValue = new ArrayList<>(SweepFixture.args("run", recording, results));
        emptyValue.addAll(List.of("--grid", "strategy.fast="));
        assertThat(SweepFixture.refused(emptyValue)).contains("strategy.fast has an empty value");
        assertThat(SweepFixture.refused(SweepFixture.args("run", recording, results, "--heat-map",
                "strategy.every,strategy.slow"))).contains("--heat-map names strategy.slow, which the grid has not");
        assertThat(SweepFixture.refused(SweepFixture.args("worker", recording, results, "--index", "3",
                "--workers", "3"))).contains("--index is 3; it must be from 0 to 2");
        assertThat(SweepFixture.refused(SweepFixture.args("worker", recording, results)))
                .contains("A worker needs its index: --index K or the variable JOB_COMPLETION_INDEX");
        assertThat(SweepFixture.refused(SweepFixture.args("run", dir.resolve("none.jsonl"), results)))
                .contains("none.jsonl is neither a readable file nor a directory of Tardis CSV history");
        assertThat(SweepFixture.refused(SweepFixture.args("run", recording, results, "--workers", "two")))
                .contains("--workers is 'two', not a whole number");
        assertThat(results).doesNotExist();
    }

    @Test
    void aPodsIndexAndCountComeFromItsVariables() throws Exception {
        Path recording = SmallRecording.write(dir.resolve("market.jsonl"), 60);
        List<String> args = SweepFixture.args("worker", recording, dir.resolve("results"));
        SweepSettings pod = SweepSettings.parse(args, Map.of(SweepSettings.INDEX_VARIABLE, "2",
                SweepSettings.WORKERS_VARIABLE, "3"));
        assertThat(pod.index()).isEqualTo(2);
        assertThat(pod.workers()).isEqualTo(3);
        assertThatThrownBy(() -> SweepSettings.parse(args, Map.of(SweepSettings.INDEX_VARIABLE, "3",
                SweepSettings.WORKERS_VARIABLE, "3"))).hasMessageContaining("JOB_COMPLETION_INDEX is 3");
        assertThat(Files.exists(dir.resolve("results"))).isFalse();
    }
}
