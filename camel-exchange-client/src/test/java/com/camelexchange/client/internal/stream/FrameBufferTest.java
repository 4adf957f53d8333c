package com.camelexchange.client.internal.stream;

import org.junit.jupiter.api.Test;

import java.nio.CharBuffer;

import static org.assertj.core.api.Assertions.assertThat;

class FrameBufferTest {

    private static String text(FrameBuffer buffer) {
        return new String(buffer.chars(), 0, buffer.length());
    }

    @Test
    void aLargeFrameDoesNotPinItsCapacityOnceRead() {
        FrameBuffer buffer = new FrameBuffer(1_000_000);
        String large = "x".repeat(500_000);
        assertThat(buffer.append(large.substring(0, 250_000))).isTrue();
        assertThat(buffer.append(CharBuffer.wrap(large.substring(250_000)))).isTrue();
        assertThat(buffer.capacity()).isGreaterThanOrEqualTo(500_000);
        assertThat(text(buffer)).isEqualTo(large);
        buffer.clear();
        assertThat(buffer.capacity()).as("released after the large frame").isLessThanOrEqualTo(FrameBuffer.RETAINED);
    }

    @Test
    void smallFramesReuseTheBufferAndAFrameOverTheBoundIsDropped() {
        FrameBuffer buffer = new FrameBuffer(10);
        assertThat(buffer.append("{\"a\":1}")).isTrue();
        assertThat(text(buffer)).isEqualTo("{\"a\":1}");
        char[] reused = buffer.chars();
        buffer.clear();
        assertThat(buffer.append("12345")).isTrue();
        assertThat(buffer.chars()).as("the same array for the next frame").isSameAs(reused);
        assertThat(buffer.append("123456")).as("11 characters").isFalse();
        assertThat(buffer.append("ok")).isTrue();
        assertThat(text(buffer)).as("the parts of the dropped frame are gone").isEqualTo("ok");
    }
}
