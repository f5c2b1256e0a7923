import type { Locale } from './locales.ts';

/**
 * Region reference data (spec §3): the 34 province-level divisions of China and their
 * prefecture-level divisions, with GB/T 2260 codes cut to 4 digits (province + prefecture; a
 * province code ends in 00). Names in the three locales: zh-HK in Traditional characters, en-US in
 * Hanyu Pinyin or the established English name (Inner Mongolia, Tibet, Hohhot, Urumqi, …).
 *
 * Kinds: 'p' a province or autonomous region, whose capital has level 2 and other cities level 3;
 * 'm' a municipality; 's' Taiwan, Hong Kong or Macao. Kinds m and s list themselves as their only
 * city (code prefix + 01, level 2) in the {name, level, code} list. In the province → cities map the
 * municipalities, Hong Kong and Macao have empty lists and Taiwan lists itself (spec §3 names only
 * those six as empty). 省直辖县级行政区划 (codes xx90) are county-level and not listed.
 */

export interface LocalizedName {
  'zh-CN': string;
  'zh-HK': string;
  'en-US': string;
}

export type ProvinceKind = 'p' | 'm' | 's';

export interface City {
  code: string;
  name: LocalizedName;
}

export interface Province {
  code: string;
  name: LocalizedName;
  kind: ProvinceKind;
  /** Cities the picker offers, capital first (empty for municipalities, Hong Kong and Macao). */
  cities: readonly City[];
}

type CityRow = readonly [code: string, zhCN: string, zhHK: string, en: string];

const names = (zhCN: string, zhHK: string, en: string): LocalizedName => ({
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'en-US': en,
});

function p(
  code: string,
  zhCN: string,
  zhHK: string,
  en: string,
  kind: ProvinceKind,
  rows: readonly CityRow[],
): Province {
  const cities = rows.map(([cityCode, cn, hk, english]) => ({ code: cityCode, name: names(cn, hk, english) }));
  return { code, name: names(zhCN, zhHK, en), kind, cities };
}

/** The 34 province-level divisions in GB/T 2260 order; a province's capital is its first city (xx01). */
export const PROVINCES: readonly Province[] = [
  p('1100', '北京', '北京', 'Beijing', 'm', []),
  p('1200', '天津', '天津', 'Tianjin', 'm', []),
  p('1300', '河北', '河北', 'Hebei', 'p', [
    ['1301', '石家庄', '石家莊', 'Shijiazhuang'],
    ['1302', '唐山', '唐山', 'Tangshan'],
    ['1303', '秦皇岛', '秦皇島', 'Qinhuangdao'],
    ['1304', '邯郸', '邯鄲', 'Handan'],
    ['1305', '邢台', '邢台', 'Xingtai'],
    ['1306', '保定', '保定', 'Baoding'],
    ['1307', '张家口', '張家口', 'Zhangjiakou'],
    ['1308', '承德', '承德', 'Chengde'],
    ['1309', '沧州', '滄州', 'Cangzhou'],
    ['1310', '廊坊', '廊坊', 'Langfang'],
    ['1311', '衡水', '衡水', 'Hengshui'],
  ]),
  p('1400', '山西', '山西', 'Shanxi', 'p', [
    ['1401', '太原', '太原', 'Taiyuan'],
    ['1402', '大同', '大同', 'Datong'],
    ['1403', '阳泉', '陽泉', 'Yangquan'],
    ['1404', '长治', '長治', 'Changzhi'],
    ['1405', '晋城', '晉城', 'Jincheng'],
    ['1406', '朔州', '朔州', 'Shuozhou'],
    ['1407', '晋中', '晉中', 'Jinzhong'],
    ['1408', '运城', '運城', 'Yuncheng'],
    ['1409', '忻州', '忻州', 'Xinzhou'],
    ['1410', '临汾', '臨汾', 'Linfen'],
    ['1411', '吕梁', '呂梁', 'Lüliang'],
  ]),
  p('1500', '内蒙古', '內蒙古', 'Inner Mongolia', 'p', [
    ['1501', '呼和浩特', '呼和浩特', 'Hohhot'],
    ['1502', '包头', '包頭', 'Baotou'],
    ['1503', '乌海', '烏海', 'Wuhai'],
    ['1504', '赤峰', '赤峰', 'Chifeng'],
    ['1505', '通辽', '通遼', 'Tongliao'],
    ['1506', '鄂尔多斯', '鄂爾多斯', 'Ordos'],
    ['1507', '呼伦贝尔', '呼倫貝爾', 'Hulunbuir'],
    ['1508', '巴彦淖尔', '巴彥淖爾', 'Bayannur'],
    ['1509', '乌兰察布', '烏蘭察布', 'Ulanqab'],
    ['1522', '兴安盟', '興安盟', 'Hinggan League'],
    ['1525', '锡林郭勒盟', '錫林郭勒盟', 'Xilingol League'],
    ['1529', '阿拉善盟', '阿拉善盟', 'Alxa League'],
  ]),
  p('2100', '辽宁', '遼寧', 'Liaoning', 'p', [
    ['2101', '沈阳', '瀋陽', 'Shenyang'],
    ['2102', '大连', '大連', 'Dalian'],
    ['2103', '鞍山', '鞍山', 'Anshan'],
    ['2104', '抚顺', '撫順', 'Fushun'],
    ['2105', '本溪', '本溪', 'Benxi'],
    ['2106', '丹东', '丹東', 'Dandong'],
    ['2107', '锦州', '錦州', 'Jinzhou'],
    ['2108', '营口', '營口', 'Yingkou'],
    ['2109', '阜新', '阜新', 'Fuxin'],
    ['2110', '辽阳', '遼陽', 'Liaoyang'],
    ['2111', '盘锦', '盤錦', 'Panjin'],
    ['2112', '铁岭', '鐵嶺', 'Tieling'],
    ['2113', '朝阳', '朝陽', 'Chaoyang'],
    ['2114', '葫芦岛', '葫蘆島', 'Huludao'],
  ]),
  p('2200', '吉林', '吉林', 'Jilin', 'p', [
    ['2201', '长春', '長春', 'Changchun'],
    ['2202', '吉林', '吉林', 'Jilin'],
    ['2203', '四平', '四平', 'Siping'],
    ['2204', '辽源', '遼源', 'Liaoyuan'],
    ['2205', '通化', '通化', 'Tonghua'],
    ['2206', '白山', '白山', 'Baishan'],
    ['2207', '松原', '松原', 'Songyuan'],
    ['2208', '白城', '白城', 'Baicheng'],
    ['2224', '延边朝鲜族自治州', '延邊朝鮮族自治州', 'Yanbian Korean Autonomous Prefecture'],
  ]),
  p('2300', '黑龙江', '黑龍江', 'Heilongjiang', 'p', [
    ['2301', '哈尔滨', '哈爾濱', 'Harbin'],
    ['2302', '齐齐哈尔', '齊齊哈爾', 'Qiqihar'],
    ['2303', '鸡西', '雞西', 'Jixi'],
    ['2304', '鹤岗', '鶴崗', 'Hegang'],
    ['2305', '双鸭山', '雙鴨山', 'Shuangyashan'],
    ['2306', '大庆', '大慶', 'Daqing'],
    ['2307', '伊春', '伊春', 'Yichun'],
    ['2308', '佳木斯', '佳木斯', 'Jiamusi'],
    ['2309', '七台河', '七台河', 'Qitaihe'],
    ['2310', '牡丹江', '牡丹江', 'Mudanjiang'],
    ['2311', '黑河', '黑河', 'Heihe'],
    ['2312', '绥化', '綏化', 'Suihua'],
    ['2327', '大兴安岭地区', '大興安嶺地區', 'Da Hinggan Ling Prefecture'],
  ]),
  p('3100', '上海', '上海', 'Shanghai', 'm', []),
  p('3200', '江苏', '江蘇', 'Jiangsu', 'p', [
    ['3201', '南京', '南京', 'Nanjing'],
    ['3202', '无锡', '無錫', 'Wuxi'],
    ['3203', '徐州', '徐州', 'Xuzhou'],
    ['3204', '常州', '常州', 'Changzhou'],
    ['3205', '苏州', '蘇州', 'Suzhou'],
    ['3206', '南通', '南通', 'Nantong'],
    ['3207', '连云港', '連雲港', 'Lianyungang'],
    ['3208', '淮安', '淮安', "Huai'an"],
    ['3209', '盐城', '鹽城', 'Yancheng'],
    ['3210', '扬州', '揚州', 'Yangzhou'],
    ['3211', '镇江', '鎮江', 'Zhenjiang'],
    ['3212', '泰州', '泰州', 'Taizhou'],
    ['3213', '宿迁', '宿遷', 'Suqian'],
  ]),
  p('3300', '浙江', '浙江', 'Zhejiang', 'p', [
    ['3301', '杭州', '杭州', 'Hangzhou'],
    ['3302', '宁波', '寧波', 'Ningbo'],
    ['3303', '温州', '温州', 'Wenzhou'],
    ['3304', '嘉兴', '嘉興', 'Jiaxing'],
    ['3305', '湖州', '湖州', 'Huzhou'],
    ['3306', '绍兴', '紹興', 'Shaoxing'],
    ['3307', '金华', '金華', 'Jinhua'],
    ['3308', '衢州', '衢州', 'Quzhou'],
    ['3309', '舟山', '舟山', 'Zhoushan'],
    ['3310', '台州', '台州', 'Taizhou'],
    ['3311', '丽水', '麗水', 'Lishui'],
  ]),
  p('3400', '安徽', '安徽', 'Anhui', 'p', [
    ['3401', '合肥', '合肥', 'Hefei'],
    ['3402', '芜湖', '蕪湖', 'Wuhu'],
    ['3403', '蚌埠', '蚌埠', 'Bengbu'],
    ['3404', '淮南', '淮南', 'Huainan'],
    ['3405', '马鞍山', '馬鞍山', "Ma'anshan"],
    ['3406', '淮北', '淮北', 'Huaibei'],
    ['3407', '铜陵', '銅陵', 'Tongling'],
    ['3408', '安庆', '安慶', 'Anqing'],
    ['3410', '黄山', '黃山', 'Huangshan'],
    ['3411', '滁州', '滁州', 'Chuzhou'],
    ['3412', '阜阳', '阜陽', 'Fuyang'],
    ['3413', '宿州', '宿州', 'Suzhou'],
    ['3415', '六安', '六安', "Lu'an"],
    ['3416', '亳州', '亳州', 'Bozhou'],
    ['3417', '池州', '池州', 'Chizhou'],
    ['3418', '宣城', '宣城', 'Xuancheng'],
  ]),
  p('3500', '福建', '福建', 'Fujian', 'p', [
    ['3501', '福州', '福州', 'Fuzhou'],
    ['3502', '厦门', '廈門', 'Xiamen'],
    ['3503', '莆田', '莆田', 'Putian'],
    ['3504', '三明', '三明', 'Sanming'],
    ['3505', '泉州', '泉州', 'Quanzhou'],
    ['3506', '漳州', '漳州', 'Zhangzhou'],
    ['3507', '南平', '南平', 'Nanping'],
    ['3508', '龙岩', '龍巖', 'Longyan'],
    ['3509', '宁德', '寧德', 'Ningde'],
  ]),
  p('3600', '江西', '江西', 'Jiangxi', 'p', [
    ['3601', '南昌', '南昌', 'Nanchang'],
    ['3602', '景德镇', '景德鎮', 'Jingdezhen'],
    ['3603', '萍乡', '萍鄉', 'Pingxiang'],
    ['3604', '九江', '九江', 'Jiujiang'],
    ['3605', '新余', '新余', 'Xinyu'],
    ['3606', '鹰潭', '鷹潭', 'Yingtan'],
    ['3607', '赣州', '贛州', 'Ganzhou'],
    ['3608', '吉安', '吉安', "Ji'an"],
    ['3609', '宜春', '宜春', 'Yichun'],
    ['3610', '抚州', '撫州', 'Fuzhou'],
    ['3611', '上饶', '上饒', 'Shangrao'],
  ]),
  p('3700', '山东', '山東', 'Shandong', 'p', [
    ['3701', '济南', '濟南', 'Jinan'],
    ['3702', '青岛', '青島', 'Qingdao'],
    ['3703', '淄博', '淄博', 'Zibo'],
    ['3704', '枣庄', '棗莊', 'Zaozhuang'],
    ['3705', '东营', '東營', 'Dongying'],
    ['3706', '烟台', '煙台', 'Yantai'],
    ['3707', '潍坊', '濰坊', 'Weifang'],
    ['3708', '济宁', '濟寧', 'Jining'],
    ['3709', '泰安', '泰安', "Tai'an"],
    ['3710', '威海', '威海', 'Weihai'],
    ['3711', '日照', '日照', 'Rizhao'],
    ['3713', '临沂', '臨沂', 'Linyi'],
    ['3714', '德州', '德州', 'Dezhou'],
    ['3715', '聊城', '聊城', 'Liaocheng'],
    ['3716', '滨州', '濱州', 'Binzhou'],
    ['3717', '菏泽', '菏澤', 'Heze'],
  ]),
  p('4100', '河南', '河南', 'Henan', 'p', [
    ['4101', '郑州', '鄭州', 'Zhengzhou'],
    ['4102', '开封', '開封', 'Kaifeng'],
    ['4103', '洛阳', '洛陽', 'Luoyang'],
    ['4104', '平顶山', '平頂山', 'Pingdingshan'],
    ['4105', '安阳', '安陽', 'Anyang'],
    ['4106', '鹤壁', '鶴壁', 'Hebi'],
    ['4107', '新乡', '新鄉', 'Xinxiang'],
    ['4108', '焦作', '焦作', 'Jiaozuo'],
    ['4109', '濮阳', '濮陽', 'Puyang'],
    ['4110', '许昌', '許昌', 'Xuchang'],
    ['4111', '漯河', '漯河', 'Luohe'],
    ['4112', '三门峡', '三門峽', 'Sanmenxia'],
    ['4113', '南阳', '南陽', 'Nanyang'],
    ['4114', '商丘', '商丘', 'Shangqiu'],
    ['4115', '信阳', '信陽', 'Xinyang'],
    ['4116', '周口', '周口', 'Zhoukou'],
    ['4117', '驻马店', '駐馬店', 'Zhumadian'],
  ]),
  p('4200', '湖北', '湖北', 'Hubei', 'p', [
    ['4201', '武汉', '武漢', 'Wuhan'],
    ['4202', '黄石', '黃石', 'Huangshi'],
    ['4203', '十堰', '十堰', 'Shiyan'],
    ['4205', '宜昌', '宜昌', 'Yichang'],
    ['4206', '襄阳', '襄陽', 'Xiangyang'],
    ['4207', '鄂州', '鄂州', 'Ezhou'],
    ['4208', '荆门', '荊門', 'Jingmen'],
    ['4209', '孝感', '孝感', 'Xiaogan'],
    ['4210', '荆州', '荊州', 'Jingzhou'],
    ['4211', '黄冈', '黃岡', 'Huanggang'],
    ['4212', '咸宁', '咸寧', 'Xianning'],
    ['4213', '随州', '隨州', 'Suizhou'],
    ['4228', '恩施土家族苗族自治州', '恩施土家族苗族自治州', 'Enshi Tujia and Miao Autonomous Prefecture'],
  ]),
  p('4300', '湖南', '湖南', 'Hunan', 'p', [
    ['4301', '长沙', '長沙', 'Changsha'],
    ['4302', '株洲', '株洲', 'Zhuzhou'],
    ['4303', '湘潭', '湘潭', 'Xiangtan'],
    ['4304', '衡阳', '衡陽', 'Hengyang'],
    ['4305', '邵阳', '邵陽', 'Shaoyang'],
    ['4306', '岳阳', '岳陽', 'Yueyang'],
    ['4307', '常德', '常德', 'Changde'],
    ['4308', '张家界', '張家界', 'Zhangjiajie'],
    ['4309', '益阳', '益陽', 'Yiyang'],
    ['4310', '郴州', '郴州', 'Chenzhou'],
    ['4311', '永州', '永州', 'Yongzhou'],
    ['4312', '怀化', '懷化', 'Huaihua'],
    ['4313', '娄底', '婁底', 'Loudi'],
    ['4331', '湘西土家族苗族自治州', '湘西土家族苗族自治州', 'Xiangxi Tujia and Miao Autonomous Prefecture'],
  ]),
  p('4400', '广东', '廣東', 'Guangdong', 'p', [
    ['4401', '广州', '廣州', 'Guangzhou'],
    ['4402', '韶关', '韶關', 'Shaoguan'],
    ['4403', '深圳', '深圳', 'Shenzhen'],
    ['4404', '珠海', '珠海', 'Zhuhai'],
    ['4405', '汕头', '汕頭', 'Shantou'],
    ['4406', '佛山', '佛山', 'Foshan'],
    ['4407', '江门', '江門', 'Jiangmen'],
    ['4408', '湛江', '湛江', 'Zhanjiang'],
    ['4409', '茂名', '茂名', 'Maoming'],
    ['4412', '肇庆', '肇慶', 'Zhaoqing'],
    ['4413', '惠州', '惠州', 'Huizhou'],
    ['4414', '梅州', '梅州', 'Meizhou'],
    ['4415', '汕尾', '汕尾', 'Shanwei'],
    ['4416', '河源', '河源', 'Heyuan'],
    ['4417', '阳江', '陽江', 'Yangjiang'],
    ['4418', '清远', '清遠', 'Qingyuan'],
    ['4419', '东莞', '東莞', 'Dongguan'],
    ['4420', '中山', '中山', 'Zhongshan'],
    ['4451', '潮州', '潮州', 'Chaozhou'],
    ['4452', '揭阳', '揭陽', 'Jieyang'],
    ['4453', '云浮', '雲浮', 'Yunfu'],
  ]),
  p('4500', '广西', '廣西', 'Guangxi', 'p', [
    ['4501', '南宁', '南寧', 'Nanning'],
    ['4502', '柳州', '柳州', 'Liuzhou'],
    ['4503', '桂林', '桂林', 'Guilin'],
    ['4504', '梧州', '梧州', 'Wuzhou'],
    ['4505', '北海', '北海', 'Beihai'],
    ['4506', '防城港', '防城港', 'Fangchenggang'],
    ['4507', '钦州', '欽州', 'Qinzhou'],
    ['4508', '贵港', '貴港', 'Guigang'],
    ['4509', '玉林', '玉林', 'Yulin'],
    ['4510', '百色', '百色', 'Baise'],
    ['4511', '贺州', '賀州', 'Hezhou'],
    ['4512', '河池', '河池', 'Hechi'],
    ['4513', '来宾', '來賓', 'Laibin'],
    ['4514', '崇左', '崇左', 'Chongzuo'],
  ]),
  p('4600', '海南', '海南', 'Hainan', 'p', [
    ['4601', '海口', '海口', 'Haikou'],
    ['4602', '三亚', '三亞', 'Sanya'],
    ['4603', '三沙', '三沙', 'Sansha'],
    ['4604', '儋州', '儋州', 'Danzhou'],
  ]),
  p('5000', '重庆', '重慶', 'Chongqing', 'm', []),
  p('5100', '四川', '四川', 'Sichuan', 'p', [
    ['5101', '成都', '成都', 'Chengdu'],
    ['5103', '自贡', '自貢', 'Zigong'],
    ['5104', '攀枝花', '攀枝花', 'Panzhihua'],
    ['5105', '泸州', '瀘州', 'Luzhou'],
    ['5106', '德阳', '德陽', 'Deyang'],
    ['5107', '绵阳', '綿陽', 'Mianyang'],
    ['5108', '广元', '廣元', 'Guangyuan'],
    ['5109', '遂宁', '遂寧', 'Suining'],
    ['5110', '内江', '內江', 'Neijiang'],
    ['5111', '乐山', '樂山', 'Leshan'],
    ['5113', '南充', '南充', 'Nanchong'],
    ['5114', '眉山', '眉山', 'Meishan'],
    ['5115', '宜宾', '宜賓', 'Yibin'],
    ['5116', '广安', '廣安', "Guang'an"],
    ['5117', '达州', '達州', 'Dazhou'],
    ['5118', '雅安', '雅安', "Ya'an"],
    ['5119', '巴中', '巴中', 'Bazhong'],
    ['5120', '资阳', '資陽', 'Ziyang'],
    ['5132', '阿坝藏族羌族自治州', '阿壩藏族羌族自治州', 'Ngawa Tibetan and Qiang Autonomous Prefecture'],
    ['5133', '甘孜藏族自治州', '甘孜藏族自治州', 'Garze Tibetan Autonomous Prefecture'],
    ['5134', '凉山彝族自治州', '涼山彝族自治州', 'Liangshan Yi Autonomous Prefecture'],
  ]),
  p('5200', '贵州', '貴州', 'Guizhou', 'p', [
    ['5201', '贵阳', '貴陽', 'Guiyang'],
    ['5202', '六盘水', '六盤水', 'Liupanshui'],
    ['5203', '遵义', '遵義', 'Zunyi'],
    ['5204', '安顺', '安順', 'Anshun'],
    ['5205', '毕节', '畢節', 'Bijie'],
    ['5206', '铜仁', '銅仁', 'Tongren'],
    ['5223', '黔西南布依族苗族自治州', '黔西南布依族苗族自治州', 'Qianxinan Bouyei and Miao Autonomous Prefecture'],
    ['5226', '黔东南苗族侗族自治州', '黔東南苗族侗族自治州', 'Qiandongnan Miao and Dong Autonomous Prefecture'],
    ['5227', '黔南布依族苗族自治州', '黔南布依族苗族自治州', 'Qiannan Bouyei and Miao Autonomous Prefecture'],
  ]),
  p('5300', '云南', '雲南', 'Yunnan', 'p', [
    ['5301', '昆明', '昆明', 'Kunming'],
    ['5303', '曲靖', '曲靖', 'Qujing'],
    ['5304', '玉溪', '玉溪', 'Yuxi'],
    ['5305', '保山', '保山', 'Baoshan'],
    ['5306', '昭通', '昭通', 'Zhaotong'],
    ['5307', '丽江', '麗江', 'Lijiang'],
    ['5308', '普洱', '普洱', "Pu'er"],
    ['5309', '临沧', '臨滄', 'Lincang'],
    ['5323', '楚雄彝族自治州', '楚雄彝族自治州', 'Chuxiong Yi Autonomous Prefecture'],
    ['5325', '红河哈尼族彝族自治州', '紅河哈尼族彝族自治州', 'Honghe Hani and Yi Autonomous Prefecture'],
    ['5326', '文山壮族苗族自治州', '文山壯族苗族自治州', 'Wenshan Zhuang and Miao Autonomous Prefecture'],
    ['5328', '西双版纳傣族自治州', '西雙版納傣族自治州', 'Xishuangbanna Dai Autonomous Prefecture'],
    ['5329', '大理白族自治州', '大理白族自治州', 'Dali Bai Autonomous Prefecture'],
    ['5331', '德宏傣族景颇族自治州', '德宏傣族景頗族自治州', 'Dehong Dai and Jingpo Autonomous Prefecture'],
    ['5333', '怒江傈僳族自治州', '怒江傈僳族自治州', 'Nujiang Lisu Autonomous Prefecture'],
    ['5334', '迪庆藏族自治州', '迪慶藏族自治州', 'Diqing Tibetan Autonomous Prefecture'],
  ]),
  p('5400', '西藏', '西藏', 'Tibet', 'p', [
    ['5401', '拉萨', '拉薩', 'Lhasa'],
    ['5402', '日喀则', '日喀則', 'Shigatse'],
    ['5403', '昌都', '昌都', 'Qamdo'],
    ['5404', '林芝', '林芝', 'Nyingchi'],
    ['5405', '山南', '山南', 'Shannan'],
    ['5406', '那曲', '那曲', 'Nagqu'],
    ['5425', '阿里地区', '阿里地區', 'Ngari Prefecture'],
  ]),
  p('6100', '陕西', '陝西', 'Shaanxi', 'p', [
    ['6101', '西安', '西安', "Xi'an"],
    ['6102', '铜川', '銅川', 'Tongchuan'],
    ['6103', '宝鸡', '寶雞', 'Baoji'],
    ['6104', '咸阳', '咸陽', 'Xianyang'],
    ['6105', '渭南', '渭南', 'Weinan'],
    ['6106', '延安', '延安', "Yan'an"],
    ['6107', '汉中', '漢中', 'Hanzhong'],
    ['6108', '榆林', '榆林', 'Yulin'],
    ['6109', '安康', '安康', 'Ankang'],
    ['6110', '商洛', '商洛', 'Shangluo'],
  ]),
  p('6200', '甘肃', '甘肅', 'Gansu', 'p', [
    ['6201', '兰州', '蘭州', 'Lanzhou'],
    ['6202', '嘉峪关', '嘉峪關', 'Jiayuguan'],
    ['6203', '金昌', '金昌', 'Jinchang'],
    ['6204', '白银', '白銀', 'Baiyin'],
    ['6205', '天水', '天水', 'Tianshui'],
    ['6206', '武威', '武威', 'Wuwei'],
    ['6207', '张掖', '張掖', 'Zhangye'],
    ['6208', '平凉', '平涼', 'Pingliang'],
    ['6209', '酒泉', '酒泉', 'Jiuquan'],
    ['6210', '庆阳', '慶陽', 'Qingyang'],
    ['6211', '定西', '定西', 'Dingxi'],
    ['6212', '陇南', '隴南', 'Longnan'],
    ['6229', '临夏回族自治州', '臨夏回族自治州', 'Linxia Hui Autonomous Prefecture'],
    ['6230', '甘南藏族自治州', '甘南藏族自治州', 'Gannan Tibetan Autonomous Prefecture'],
  ]),
  p('6300', '青海', '青海', 'Qinghai', 'p', [
    ['6301', '西宁', '西寧', 'Xining'],
    ['6302', '海东', '海東', 'Haidong'],
    ['6322', '海北藏族自治州', '海北藏族自治州', 'Haibei Tibetan Autonomous Prefecture'],
    ['6323', '黄南藏族自治州', '黃南藏族自治州', 'Huangnan Tibetan Autonomous Prefecture'],
    ['6325', '海南藏族自治州', '海南藏族自治州', 'Hainan Tibetan Autonomous Prefecture'],
    ['6326', '果洛藏族自治州', '果洛藏族自治州', 'Golog Tibetan Autonomous Prefecture'],
    ['6327', '玉树藏族自治州', '玉樹藏族自治州', 'Yushu Tibetan Autonomous Prefecture'],
    ['6328', '海西蒙古族藏族自治州', '海西蒙古族藏族自治州', 'Haixi Mongol and Tibetan Autonomous Prefecture'],
  ]),
  p('6400', '宁夏', '寧夏', 'Ningxia', 'p', [
    ['6401', '银川', '銀川', 'Yinchuan'],
    ['6402', '石嘴山', '石嘴山', 'Shizuishan'],
    ['6403', '吴忠', '吳忠', 'Wuzhong'],
    ['6404', '固原', '固原', 'Guyuan'],
    ['6405', '中卫', '中衛', 'Zhongwei'],
  ]),
  p('6500', '新疆', '新疆', 'Xinjiang', 'p', [
    ['6501', '乌鲁木齐', '烏魯木齊', 'Urumqi'],
    ['6502', '克拉玛依', '克拉瑪依', 'Karamay'],
    ['6504', '吐鲁番', '吐魯番', 'Turpan'],
    ['6505', '哈密', '哈密', 'Hami'],
    ['6523', '昌吉回族自治州', '昌吉回族自治州', 'Changji Hui Autonomous Prefecture'],
    ['6527', '博尔塔拉蒙古自治州', '博爾塔拉蒙古自治州', 'Bortala Mongol Autonomous Prefecture'],
    ['6528', '巴音郭楞蒙古自治州', '巴音郭楞蒙古自治州', 'Bayingolin Mongol Autonomous Prefecture'],
    ['6529', '阿克苏地区', '阿克蘇地區', 'Aksu Prefecture'],
    ['6530', '克孜勒苏柯尔克孜自治州', '克孜勒蘇柯爾克孜自治州', 'Kizilsu Kirghiz Autonomous Prefecture'],
    ['6531', '喀什地区', '喀什地區', 'Kashgar Prefecture'],
    ['6532', '和田地区', '和田地區', 'Hotan Prefecture'],
    ['6540', '伊犁哈萨克自治州', '伊犁哈薩克自治州', 'Ili Kazakh Autonomous Prefecture'],
    ['6542', '塔城地区', '塔城地區', 'Tacheng Prefecture'],
    ['6543', '阿勒泰地区', '阿勒泰地區', 'Altay Prefecture'],
  ]),
  // GB/T 2260 has no prefecture codes for Taiwan: it lists itself, in the picker too.
  p('7100', '台湾', '台灣', 'Taiwan', 's', [['7101', '台湾', '台灣', 'Taiwan']]),
  p('8100', '香港', '香港', 'Hong Kong', 's', []),
  p('8200', '澳门', '澳門', 'Macao', 's', []),
];

export const REGION_LEVEL = { province: 1, capital: 2, city: 3 } as const;
export type RegionLevel = (typeof REGION_LEVEL)[keyof typeof REGION_LEVEL];

export interface Region {
  name: string;
  level: RegionLevel;
  code: string;
}

/** The code under which a municipality, Taiwan, Hong Kong or Macao lists itself as a city. */
export const selfCityCode = (provinceCode: string): string => `${provinceCode.slice(0, 2)}01`;

/** The 34 province-level names (spec §3 first list). */
export function provinceNames(locale: Locale): string[] {
  return PROVINCES.map((province) => province.name[locale]);
}

/** Province name → its cities' names (spec §3 map); municipalities, Hong Kong and Macao map to []. */
export function provinceCityMap(locale: Locale): Record<string, string[]> {
  return Object.fromEntries(
    PROVINCES.map((province) => [province.name[locale], province.cities.map((city) => city.name[locale])]),
  );
}

/** Every region as {name, level, code} (spec §3 second list): each province, then its cities. */
export function regionList(locale: Locale): Region[] {
  const out: Region[] = [];
  for (const province of PROVINCES) {
    out.push({ name: province.name[locale], level: REGION_LEVEL.province, code: province.code });
    if (province.cities.length > 0) {
      province.cities.forEach((city, i) =>
        out.push({
          name: city.name[locale],
          level: i === 0 ? REGION_LEVEL.capital : REGION_LEVEL.city,
          code: city.code,
        }),
      );
    } else {
      out.push({ name: province.name[locale], level: REGION_LEVEL.capital, code: selfCityCode(province.code) });
    }
  }
  return out;
}

const BY_CODE = new Map<string, LocalizedName>();
for (const province of PROVINCES) {
  BY_CODE.set(province.code, province.name);
  if (province.cities.length === 0) BY_CODE.set(selfCityCode(province.code), province.name);
  for (const city of province.cities) BY_CODE.set(city.code, city.name);
}

export function findProvince(code: string): Province | undefined {
  return PROVINCES.find((province) => province.code === code);
}

/** The name of a province or city code in a locale; undefined for an unknown code. */
export function regionName(code: string, locale: Locale): string | undefined {
  return BY_CODE.get(code)?.[locale];
}

/**
 * Whether a province (+ city) pair names a real area. A province whose picker has cities needs one
 * of them; a municipality, Hong Kong or Macao takes no city, or itself (xx01).
 */
export function isValidArea(provinceCode: string, cityCode?: string | null): boolean {
  const province = findProvince(provinceCode);
  if (!province) return false;
  if (province.cities.length === 0) return !cityCode || cityCode === selfCityCode(province.code);
  return !!cityCode && province.cities.some((city) => city.code === cityCode);
}
