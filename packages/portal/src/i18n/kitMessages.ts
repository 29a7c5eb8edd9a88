/** Words of the back-office kit (tables, confirmations, notices of spec §8), Chinese first. */
export const kitZh = {
  'kit.loadFailed': '加载失败',
  'kit.empty': '暂无数据',
  'kit.total': '共 {total} 条',
  'kit.selected': '已选择 {n} 项',
  'kit.batch': '批量操作',
  'kit.selectRow': '选择 {name}',
  'kit.success': '操作成功',
  'kit.failure': '操作失败',
  'kit.confirm.title': '提示',
  'kit.confirm.delete': '确定要删除吗',
  'kit.ok': '确定',
  'kit.cancel': '取消',
  'kit.search': '查询',
  'kit.reset': '重置',
} as const;

export const kitEn: Record<keyof typeof kitZh, string> = {
  'kit.loadFailed': 'Failed to load',
  'kit.empty': 'No data',
  'kit.total': '{total} in total',
  'kit.selected': '{n} selected',
  'kit.batch': 'Batch actions',
  'kit.selectRow': 'Select {name}',
  'kit.success': 'Operation succeeded',
  'kit.failure': 'Operation failed',
  'kit.confirm.title': 'Prompt',
  'kit.confirm.delete': 'Are you sure you want to delete?',
  'kit.ok': 'OK',
  'kit.cancel': 'Cancel',
  'kit.search': 'Search',
  'kit.reset': 'Reset',
};
