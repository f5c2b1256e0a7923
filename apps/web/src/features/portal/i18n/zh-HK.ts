import type { PortalMessages } from './strings.ts';

/** 首頁（/start）的介面文字，繁體中文（香港）。 */
export const portalZhHK = {
  start: {
    heroEyebrow: '數學 × 產業',
    heroTitle: '讓數學的力量，解決產業的難題',
    heroSubtitle: '數橋連接面對量化難題的企業與數學家、科研院所和學生——由發布需求到成果落地，全流程在一個平台上完成。',
    ctaSignUp: '免費註冊',
    ctaHow: '了解合作流程',
    ctaWorkspace: '進入工作台',
    ctaCertify: '前往認證身份',
    heroPoint1: '身份實名認證',
    heroPoint2: '需求平台審核',
    heroPoint3: '合作全程管理',
    diagram: {
      label: '企業的需求經由數橋抵達數學家，解決方案再回到企業。',
      enterprise: '企業',
      experts: '數學家',
      demand: '需求',
      solution: '方案',
    },
    domainsTitle: '數學每天都在解決的問題',
    domainsSubtitle: '企業在平台上提出的典型需求',
    domains: {
      optimization: {
        title: '優化與排程',
        text: '路徑規劃、生產排程、人員編更與資源配置，在真實限制下求得最優。',
      },
      forecasting: {
        title: '預測與統計',
        text: '需求預測、品質控制、實驗設計與因果分析。',
      },
      risk: {
        title: '風險與量化金融',
        text: '定價、信貸評分、組合風險與壓力測試，模型有據可依。',
      },
      simulation: {
        title: '建模與模擬',
        text: '微分方程建模、數值模擬，以及物理過程的數碼孿生。',
      },
      algorithms: {
        title: '演算法與機器學習',
        text: '有理論保證的模型、訊號與影像處理、圖與網絡分析。',
      },
      security: {
        title: '密碼與編碼',
        text: '加密方案、糾錯編碼與私隱保護運算。',
      },
    },
    howTitle: '合作流程',
    howSubtitle: '由業務問題到可用成果，只需三步',
    steps: {
      demand: {
        title: '發布需求',
        text: '企業描述問題、現有數據與期望成果，需求經平台審核後發布。',
      },
      solution: {
        title: '徵集方案',
        text: '科研院所研究需求並提交解決方案，企業比較後選定最合適的一份。',
      },
      cooperation: {
        title: '開展合作',
        text: '科研院所以課題形式組織專家與學生開展工作，在工作台中共享計劃、檔案與成果。',
      },
    },
    identitiesTitle: '四種身份，一個平台',
    identitiesSubtitle: '認證適合您的身份，即可開通專屬工作台',
    identity: {
      enterprise: {
        title: '企業',
        text: '提出業務中的量化難題，找到合適的專家來解決。',
        p1: '發布需求與合作意願',
        p2: '比較並採納解決方案',
        p3: '招聘量化人才',
      },
      researchinstitute: {
        title: '科研院所',
        text: '把產業需求轉化為有支持的研究，與團隊一起交付方案。',
        p1: '承接需求並提交方案',
        p2: '與專家共同開展課題',
        p3: '共享檔案、追蹤成果',
      },
      specialist: {
        title: '專家',
        text: '把專業所長用於真實問題，加入課題、主持研究方向。',
        p1: '從課題庫加入課題',
        p2: '主持研究方向',
        p3: '指導學生開展研究',
      },
      student: {
        title: '學生',
        text: '在專家指導下研究真實問題，累積科研與實踐經驗。',
        p1: '加入研究方向',
        p2: '攻關研究問題',
        p3: '獲取實習與工作機會',
      },
    },
    learnMore: '了解詳情',
    trustTitle: '為甚麼選擇數橋',
    trust: {
      verified: {
        title: '參與方實名認證',
        text: '每個機構與專家都需認證身份，經平台審核後方可發布或承接工作。',
      },
      workspace: {
        title: '一個工作台管理整個項目',
        text: '需求、方案、課題、研究方向、待辦與共享檔案集中管理，並可按成員設定權限。',
      },
      languages: {
        title: '服務兩岸三地與國際團隊',
        text: '全面支援簡體中文、繁體中文與 English，每位合作夥伴都能使用熟悉的語言。',
      },
    },
    ctaTitle: '有需要數學來解決的問題嗎？',
    ctaText: '一分鐘免費註冊，認證身份後即可開始合作。',
    ctaSignIn: '已有帳戶，前往登入',
  },
} as const satisfies PortalMessages;
