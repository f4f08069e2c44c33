// Requests a GenUI renderer might get, in English with some Russian and Chinese.
export const DEMO_REQUESTS = [
  "show monthly revenue as a line over time",
  "a map with our store locations",
  "let guests pick check-in and check-out dates",
  "table of orders I can sort",
  "play the product video",
  "upload a resume",
  "график выручки по месяцам",
  "таблица заказов",
  "карта магазинов",
  "显示销售额的饼图",
  "播放视频",
  "上传文件",
];
