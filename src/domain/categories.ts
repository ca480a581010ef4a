import { KeywordTrie } from './keywordTrie.js';
import type { TransactionType } from './parseResult.js';

/**
 * Category → keywords. Table order breaks ties between equally long keywords, and
 * the longest keyword in a text wins (宠物医院 → 宠物, not 医疗).
 */
export const CATEGORY_KEYWORDS = {
  餐饮: [
    '吃饭',
    '午饭',
    '午餐',
    '中饭',
    '中午饭',
    '晚饭',
    '晚餐',
    '早饭',
    '早餐',
    '早点',
    '夜宵',
    '宵夜',
    '外卖',
    '火锅',
    '烧烤',
    '聚餐',
    '食堂',
    '快餐',
    '盒饭',
    '便当',
    '麦当劳',
    '肯德基',
    '汉堡',
    '披萨',
    '面条',
    '拉面',
    '米线',
    '米粉',
    '饺子',
    '包子',
    '馄饨',
    '麻辣烫',
    '串串',
    '烤肉',
    '自助餐',
    '下馆子',
    '饭店',
    '餐厅',
    '饭馆',
    '伙食',
    '饭钱',
    '吃的',
    '饭',
    '餐',
    '菜',
    '面',
  ],
  饮品: ['奶茶', '咖啡', '星巴克', '瑞幸', '喜茶', '蜜雪冰城', '饮料', '可乐', '果汁', '豆浆', '矿泉水', '啤酒', '喝的', '茶'],
  零食: ['零食', '薯片', '饼干', '巧克力', '辣条', '瓜子', '坚果', '冰淇淋', '雪糕', '甜点', '蛋糕', '面包', '糖'],
  水果: ['水果', '苹果', '香蕉', '西瓜', '葡萄', '草莓', '橘子', '橙子', '芒果', '榴莲', '车厘子', '樱桃', '荔枝', '菠萝', '哈密瓜', '猕猴桃', '桃子', '梨'],
  交通: [
    '打车',
    '出租车',
    '的士',
    '滴滴',
    '网约车',
    '顺风车',
    '地铁',
    '公交',
    '巴士',
    '加油',
    '油费',
    '油钱',
    '停车',
    '高速',
    '过路费',
    '火车',
    '高铁',
    '动车',
    '机票',
    '飞机',
    '车票',
    '车费',
    '坐车',
    '共享单车',
    '单车',
    '船票',
    '洗车',
    '保养',
    '交通',
  ],
  购物: [
    '买衣服',
    '衣服',
    '裤子',
    '裙子',
    '外套',
    '鞋子',
    '鞋',
    '帽子',
    '包包',
    '购物',
    '网购',
    '淘宝',
    '京东',
    '拼多多',
    '天猫',
    '商场',
    '化妆品',
    '护肤品',
    '面膜',
    '口红',
    '手机',
    '电脑',
    '耳机',
    '数码',
    '家电',
    '首饰',
    '鲜花',
    '花束',
    '买花',
    '买东西',
  ],
  日用: ['日用品', '生活用品', '纸巾', '卫生纸', '餐巾纸', '牙膏', '牙刷', '洗发水', '沐浴露', '洗衣液', '洗洁精', '毛巾', '垃圾袋', '超市', '便利店', '日用'],
  娱乐: [
    '电影',
    '看电影',
    '电影票',
    'ktv',
    '唱歌',
    '游戏',
    '演唱会',
    '门票',
    '景点',
    '游乐园',
    '酒吧',
    '网吧',
    '桌游',
    '剧本杀',
    '密室',
    '会员',
    '旅游',
    '娱乐',
  ],
  洗浴: ['洗脚', '足疗', '足浴', '洗澡', '澡堂', '搓澡', '泡澡', '按摩', '推拿', '桑拿', '汗蒸', 'spa', '采耳', '洗浴'],
  医疗: ['看病', '医院', '挂号', '买药', '药店', '药费', '医药费', '体检', '看牙', '牙医', '门诊', '住院', '打针', '疫苗', '医疗', '药'],
  住房: [
    '房租',
    '租金',
    '房贷',
    '物业费',
    '物业',
    '水电费',
    '水电',
    '电费',
    '水费',
    '燃气费',
    '燃气',
    '煤气',
    '暖气',
    '供暖',
    '押金',
    '中介费',
    '装修',
    '住房',
    '租房',
  ],
  通讯: ['话费', '电话费', '手机费', '充话费', '流量', '宽带', '网费', '通讯'],
  教育: ['学费', '培训', '课程', '上课', '补习', '网课', '教材', '买书', '书', '考试', '报名费', '文具', '教育'],
  运动: ['健身', '健身房', '游泳', '羽毛球', '篮球', '瑜伽', '球场', '运动'],
  宠物: ['宠物', '猫粮', '狗粮', '猫砂', '宠物医院'],
  人情: ['份子钱', '随礼', '随份子', '送礼', '礼物', '礼金', '人情'],
  红包: ['红包', '抢红包', '发红包', '收红包', '微信红包', '压岁钱'],
  工资: ['工资', '薪水', '发工资', '薪资', '月薪', '底薪', '工钱', '薪酬'],
  奖金: ['奖金', '年终奖', '绩效', '提成', '奖励', '奖学金'],
  理财: ['理财', '基金', '股票', '利息', '收益', '分红', '投资', '定投', '余额宝'],
  报销: ['报销'],
  退款: ['退款', '退货', '退钱'],
  转账: ['转账', '转给', '转钱', '还钱', '借钱', '借给', '还款', '信用卡'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type Category = keyof typeof CATEGORY_KEYWORDS;
export const CATEGORIES = Object.keys(CATEGORY_KEYWORDS) as readonly Category[];

/** Categories whose transactions are income unless the words say otherwise (工资90, 红包60). */
export const INCOME_CATEGORIES: readonly Category[] = ['工资', '奖金', '红包', '报销', '退款'];
export const TRANSFER_CATEGORIES: readonly Category[] = ['转账'];

/** Words that make a transaction income. 红包 alone is not one: 发红包 is spending. */
export const INCOME_WORDS = [
  '收入',
  '收到',
  '收了',
  '收',
  '进账',
  '到账',
  '入账',
  '赚了',
  '赚',
  '挣了',
  '挣',
  '工资',
  '发工资',
  '薪水',
  '奖金',
  '年终奖',
  '提成',
  '报销',
  '退款',
  '退了',
  '利息',
  '分红',
  '收益',
  '抢红包',
  '抢了',
  '收红包',
  '压岁钱',
  '卖了',
  '卖掉',
  '外快',
  '兼职',
  '中奖',
  '回款',
] as const;

export const EXPENSE_WORDS = [
  '支出',
  '花了',
  '花掉',
  '花',
  '买了',
  '买',
  '付了',
  '付款',
  '付',
  '支付',
  '交了',
  '交',
  '缴了',
  '缴',
  '充值',
  '充了',
  '消费',
  '用了',
  '收费',
  '缴费',
  '发红包',
  '发了红包',
  '发了个红包',
  '发个红包',
  '包红包',
  '送红包',
  '给红包',
  '请客',
  '送了',
  '捐了',
  '罚款',
  '刷卡',
] as const;

export const TRANSFER_WORDS = ['转账', '转给', '转到', '转入', '转出', '转了'] as const;

/** Words for the category itself in a correction: 分类改成餐饮, 吃的 → 餐饮. */
export const CATEGORY_ALIASES: Readonly<Record<string, Category>> = {
  吃的: '餐饮',
  吃饭的: '餐饮',
  饭钱: '餐饮',
  伙食费: '餐饮',
  餐费: '餐饮',
  喝的: '饮品',
  饮料钱: '饮品',
  车钱: '交通',
  路费: '交通',
  车费: '交通',
  买东西: '购物',
  衣服钱: '购物',
  房费: '住房',
  药钱: '医疗',
  零嘴: '零食',
  小吃: '零食',
};

const KEYWORD_TRIE = new KeywordTrie<Category>(CATEGORIES.flatMap((category) => CATEGORY_KEYWORDS[category].map((word) => [word, category] as const)));

const FUZZY_TRIE = new KeywordTrie<Category>([
  ...CATEGORIES.map((category) => [category, category] as const),
  ...Object.entries(CATEGORY_ALIASES),
  ...CATEGORIES.flatMap((category) => CATEGORY_KEYWORDS[category].map((word) => [word, category] as const)),
]);

export interface CategoryHit {
  readonly category: Category;
  readonly keyword: string;
  readonly start: number;
  readonly end: number;
}

/** The category of the longest keyword in the text (lowercased Latin expected), or null. */
export function matchCategory(text: string): string | null {
  return findCategory(text.toLowerCase())?.category ?? null;
}

export function findCategory(text: string): CategoryHit | null {
  const hit = KEYWORD_TRIE.findLongest(text);
  return hit ? { category: hit.value, keyword: hit.word, start: hit.start, end: hit.end } : null;
}

/** Every keyword hit, left to right, longest first at each position. */
export function findCategories(text: string): CategoryHit[] {
  return KEYWORD_TRIE.findAll(text).map((hit) => ({ category: hit.value, keyword: hit.word, start: hit.start, end: hit.end }));
}

/**
 * 分类模糊匹配: a category named by its own name (餐饮), an alias (吃的, 饭钱) or one of
 * its keywords (打车 → 交通), possibly inside a longer phrase (改成交通类). Null when none.
 */
export function fuzzyMatchCategory(name: string): string | null {
  return findFuzzyCategory(name.trim().toLowerCase())?.category ?? null;
}

export function findFuzzyCategory(text: string): CategoryHit | null {
  const hit = FUZZY_TRIE.findLongest(text);
  return hit ? { category: hit.value, keyword: hit.word, start: hit.start, end: hit.end } : null;
}

export function isCategory(name: string): name is Category {
  return Object.hasOwn(CATEGORY_KEYWORDS, name);
}

export function defaultTypeOf(category: string | null): TransactionType {
  if (category === null) return 'EXPENSE';
  if ((INCOME_CATEGORIES as readonly string[]).includes(category)) return 'INCOME';
  if ((TRANSFER_CATEGORIES as readonly string[]).includes(category)) return 'TRANSFER';
  return 'EXPENSE';
}
