package com.camelexchange.client.model;

import java.util.List;

/** A page of withdrawal records; a record refused for a value out of bounds is left out ({@link SentCount}). */
public record WithdrawPage(List<WithdrawRecord> records, int pageIndex, int pageSize, int totalCount, int totalPage) {

    public WithdrawPage {
        records = records instanceof SentCount ? records : List.copyOf(records);
    }
}
