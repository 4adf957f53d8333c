package com.camelexchange.component.stream;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class FrameBufferTest {

    @Test
    void aLargeFrameDoesNotPinItsCapacityOnceTaken() {
        FrameBuffer buffer = new FrameBuffer(1_000_000);
        String large = "x".repeat(500_000);
        assertThat(buffer.append(large.substring(0, 250_000))).isTrue();
        assertThat(buffer.append(large.substring(250_000))).isTrue();
        assertThat(buffer.capacity()).isGreaterThanOrEqualTo(500_000);
        assertThat(new String(buffer.take(), StandardCharsets.UTF_8)).isEqualTo(large);
        assertThat(buffer.capacity()).as("released after the large frame").isLessThanOrEqualTo(FrameBuffer.RETAINED);
    }

    @Test
    void smallFramesReuseTheBufferAndAFrameOverTheBoundIsDropped() {
        FrameBuffer buffer = new FrameBuffer(10);
        assertThat(buffer.append("{\"a\":1}")).isTrue();
        assertThat(new String(buffer.take(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
        assertThat(buffer.append("12345")).isTrue();
        assertThat(buffer.append("123456")).as("11 characters").isFalse();
        assertThat(buffer.append("ok")).isTrue();
        assertThat(new String(buffer.take(), StandardCharsets.UTF_8)).as("the parts of the dropped frame are gone")
                .isEqualTo("ok");
    }
}
