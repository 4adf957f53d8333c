package com.camelexchange.component.model;

import java.util.List;

/** A page of withdrawal records. */
public record WithdrawPage(List<WithdrawRecord> records, int pageIndex, int pageSize, int totalCount, int totalPage) {

    public WithdrawPage {
        records = List.copyOf(records);
    }
}
